import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, gt, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { products } from '../src/db/schema.ts';
import { auth } from './helpers.ts';

// The worked example of the document tests: one 2-person room with an adult without a European
// passport and a child without own bed, voucher WELKOM50, on a Firstclass NL trip (demo prices:
// adult € 1.895, child € 1.495, visa fee € 300, child without bed −€ 250, voucher −€ 50).
export const EXAMPLE = {
  total: 339_000,
  excl: '€ 2.801,65',
  vat: '€ 588,35',
  totalText: '€ 3.390,-',
  half: 169_500,
  halfText: '€ 1.695,-',
};

/** The adult 2-person product of a Firstclass NL trip that is not sold out. */
export async function exampleTrip(app: FastifyInstance) {
  const rows = await app.ctx.db
    .select()
    .from(products)
    .where(and(eq(products.type, 2), eq(products.region, 'NL'), like(products.label, '%Firstclass%'), gt(products.stock, 5)))
    .orderBy(products.start);
  const trip = rows.find((p) => p.start! > new Date().toISOString().slice(0, 10));
  if (!trip) throw new Error('no Firstclass NL trip with stock in the demo data');
  return trip;
}

export async function placeExampleOrder(app: FastifyInstance, customerToken: string, tripId: number): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: auth(customerToken),
    payload: {
      rooms: [
        {
          product_id: tripId,
          room_type: 2,
          room_gender: 0,
          guests: [
            { first_name: 'Ahmed', last_name: 'Yilmaz', age_category: 0, european_passport: false },
            { first_name: 'Yusuf', last_name: 'Yilmaz', age_category: 1, european_passport: true, bed_included: false },
          ],
        },
      ],
      flex: JSON.stringify({ pay_partly: true, discounts: ['WELKOM50'] }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order;
  expect(order.total_price).toBe(EXAMPLE.total);
  return order.id;
}

/** A manual payment by staff (partial bank transfer). */
export async function payManually(app: FastifyInstance, adminToken: string, orderId: number, amount: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: auth(adminToken),
    payload: { order_id: orderId, payment_type: 3, amount },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Stock per product id, for the products an order's lines use. */
export async function stockOf(app: FastifyInstance, ids: number[]) {
  const rows = await app.ctx.db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.stock]));
}

/** The text poppler's pdftotext reads from a PDF, with the layout kept (columns on one line). */
export function pdfText(pdf: Buffer): string {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

const outDir = mkdtempSync(path.join(tmpdir(), 'umrah-pdf-'));

/**
 * Renders the first page to PNG with pdftoppm (it must open and draw) and keeps both files in a
 * temporary folder, so a person can look at them; returns the PNG path.
 */
export function renderFirstPage(pdf: Buffer, name: string): string {
  const pdfPath = path.join(outDir, `${name}.pdf`);
  writeFileSync(pdfPath, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, path.join(outDir, name)]);
  const png = path.join(outDir, `${name}.png`);
  const head = readFileSync(png).subarray(0, 8);
  expect(head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  // A blank page of this size compresses to a few kilobytes; text and tables make it larger.
  expect(statSync(png).size).toBeGreaterThan(15_000);
  return png;
}

/** The base64 PDF of a document download, decoded. */
export function pdfOf(res: { statusCode: number; body: string; json: () => { data: string } }): Buffer {
  expect(res.statusCode, res.body).toBe(200);
  return Buffer.from(res.json().data, 'base64');
}
