// `npm run backup` and `npm run restore` (scripts/backup.sh, restore.sh) on a shop with an order, a
// payment and sealed visa data with a passport photo: the backup is restored into a new database and
// a new data folder, and a new app on them shows the same order, payments, decrypted passport record
// and photo. On PostgreSQL with pg_dump/pg_restore while the shop runs; on PGlite by copying the
// stopped shop's folder (--offline).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, ProductType } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { buildApp } from '../src/app.ts';
import { orders, payments, products, visaDocuments } from '../src/db/schema.ts';
import { dutchToday } from '../src/lib/dutch-time.ts';
import { TEST_DB, adminToken, auth, createTestApp, customerToken } from './helpers.ts';

const run = promisify(execFile);
const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts');
const KEY = randomBytes(32).toString('base64');

/**
 * Runs backup.sh or restore.sh as docs/DEPLOY.md does: the settings in an environment file of the
 * shop's kind (--env-file), with a comment and an unquoted value with a space, which must be read as
 * systemd reads it and never run as a command.
 */
async function script(name: 'backup' | 'restore', args: string[], env: { DATABASE_URL?: string; DATA_DIR: string }) {
  const { DATABASE_URL: _unused, ...rest } = process.env;
  void _unused;
  const envFile = path.join(work, `${name}-${randomBytes(4).toString('hex')}.env`);
  const lines = [
    '# the shop',
    'COMPANY_NAME=Umrah touch touch-must-not-run',
    ...Object.entries(env)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}="${v}"`),
  ];
  await writeFile(envFile, `${lines.join('\n')}\n`);
  try {
    const { stdout } = await run('bash', [path.join(scripts, `${name}.sh`), '--env-file', envFile, ...args], {
      env: { ...rest, INIT_CWD: work },
      cwd: work,
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  } finally {
    expect(existsSync(path.join(work, 'touch-must-not-run'))).toBe(false);
  }
}

let work: string;
let app: FastifyInstance;
let restored: FastifyInstance | undefined;
let dropRestored: (() => Promise<void>) | undefined;
const shopDir = () => path.join(work, 'shop');
const restoredDir = () => path.join(work, 'restored');

/** What must survive: the order row, its payments, the admin's decrypted visa view and the photo. */
async function snapshot(shop: FastifyInstance, orderId: number, guestId: number) {
  const admin = await adminToken(shop);
  const visa = await shop.inject({ method: 'GET', url: `/api/admin/order/${orderId}/visa`, headers: auth(admin) });
  expect(visa.statusCode, visa.body).toBe(200);
  const photo = await shop.inject({ method: 'GET', url: `/api/order/guest/${guestId}/visa/photo`, headers: auth(admin) });
  expect(photo.statusCode).toBe(200);
  return {
    order: await shop.ctx.db.select().from(orders).where(eq(orders.id, orderId)),
    payments: await shop.ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    visa: visa.json(),
    photo: photo.rawPayload.toString('base64'),
  };
}

let orderId: number;
let guestId: number;
let before: Awaited<ReturnType<typeof snapshot>>;
let passport: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'umrah-backup-'));
  app = await createTestApp({
    rateLimitFactor: 50,
    visaEncryptionKey: KEY,
    visaPreviousKeys: [],
    // PGlite in a folder (the copy is what a PGlite backup saves); PostgreSQL gets its own database.
    pgliteDir: path.join(shopDir(), 'pglite'),
    fileStore: { kind: 'local', dir: path.join(shopDir(), 'uploads') },
  });
  const [customer, admin] = await Promise.all([customerToken(app), adminToken(app)]);
  const trip = must(
    (await app.ctx.db.select().from(products))
      .filter((p) => p.type === ProductType.UMRAH_2_ADULT && p.stock > 5 && p.start! > dutchToday())
      .sort((a, b) => a.start!.localeCompare(b.start!))[0],
    'a seeded future trip with stock',
  );
  const placed = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: auth(customer),
    payload: {
      rooms: [
        {
          product_id: trip.id,
          room_type: 2,
          room_gender: 0,
          exclusive: false,
          guests: [{ first_name: 'Ahmed', last_name: 'Yilmaz', age_category: 0 }],
        },
      ],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  orderId = placed.json().order.id;
  guestId = placed.json().order.rooms[0].guests[0].id;
  const paid = await app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: auth(admin),
    payload: { order_id: orderId, payment_type: 2, amount: Math.round(placed.json().order.total_price / 2) },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  passport = `NX${randomBytes(4).toString('hex').toUpperCase()}`;
  const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 180, b: 160 } } })
    .jpeg()
    .toBuffer();
  const visa = await app.inject({
    method: 'POST',
    url: '/api/order/guest/visa',
    headers: auth(customer),
    payload: {
      order_id: orderId,
      guest_id: guestId,
      first_name: 'Ahmed',
      last_name: 'Yilmaz',
      gender: 0,
      date_of_birth: '1980-02-29',
      nationality: 'NL',
      city_of_country: 'TR',
      city_of_birth: 'Konya',
      passport_number: passport,
      passport_creation_date: '2022-05-01',
      passport_expires: '2034-04-30',
      visa_photo: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    },
  });
  expect(visa.statusCode, visa.body).toBe(201);
  before = await snapshot(app, orderId, guestId);
  // The passport number is sealed in the database: only the key opens it.
  const [doc] = await app.ctx.db.select().from(visaDocuments).where(eq(visaDocuments.guestId, guestId));
  expect(JSON.stringify(doc)).not.toContain(passport);
}, 60_000);

afterAll(async () => {
  await restored?.close();
  await dropRestored?.();
  await app?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe(`backup and restore (${TEST_DB})`, () => {
  it('backs up the shop, restores it into a new database and folder, and the restored shop shows the same order, payments and passport', async () => {
    expect(before.order[0]?.status).toBe(OrderStatus.DOWN_PAYMENT);
    expect(before.payments).toHaveLength(1);
    expect(JSON.stringify(before.visa)).toContain(passport);
    const backups = path.join(work, 'backups');
    const sourceUrl = app.ctx.config.databaseUrl;
    let backup;
    if (sourceUrl) {
      // pg_dump reads one snapshot: the shop keeps running.
      backup = await script('backup', [backups], { DATABASE_URL: sourceUrl, DATA_DIR: shopDir() });
    } else {
      // PGlite belongs to one process: the backup refuses unless the shop is stopped (--offline).
      const refused = await script('backup', [backups], { DATA_DIR: shopDir() });
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('--offline');
      await app.close();
      backup = await script('backup', ['--offline', backups], { DATA_DIR: shopDir() });
    }
    expect(backup.code, backup.out).toBe(0);
    const folder = must((await readdir(backups))[0], 'the backup folder');
    expect(folder).toMatch(/^umrah-shop-\d{8}-\d{6}$/);
    const contents = (await readdir(path.join(backups, folder))).sort();
    expect(contents).toEqual(['MANIFEST', sourceUrl ? 'database.dump' : 'pglite.tar.gz', 'uploads.tar.gz'].sort());

    // A new, empty database (PostgreSQL) and a new data folder.
    let restoredUrl: string | undefined;
    if (sourceUrl) {
      const name = `umrah_restore_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      restoredUrl = url.toString();
      dropRestored = async () => {
        const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
      // Never into a database that has tables: the shop's own is refused.
      const refused = await script('restore', [path.join(backups, folder)], { DATABASE_URL: sourceUrl, DATA_DIR: restoredDir() });
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('restore into a new, empty database');
    } else {
      // Nor over an existing PGlite folder.
      const refused = await script('restore', [path.join(backups, folder)], { DATA_DIR: shopDir() });
      expect(refused.code).toBe(1);
    }
    const restore = await script('restore', [path.join(backups, folder)], { DATABASE_URL: restoredUrl, DATA_DIR: restoredDir() });
    expect(restore.code, restore.out).toBe(0);

    restored = await buildApp({
      config: {
        env: 'test',
        logLevel: 'silent',
        databaseUrl: restoredUrl,
        pgliteDir: path.join(restoredDir(), 'pglite'),
        jwtSecret: randomBytes(32).toString('hex'),
        altchaHmacKey: randomBytes(32).toString('hex'),
        publicUrl: 'http://shop.test',
        seedDemo: false,
        smtpUrl: undefined,
        visaEncryptionKey: KEY,
        visaPreviousKeys: [],
        fileStore: { kind: 'local', dir: path.join(restoredDir(), 'uploads') },
      },
    });
    await restored.ready();
    const after = await snapshot(restored, orderId, guestId);
    expect(after.order).toEqual(before.order);
    expect(after.payments).toEqual(before.payments);
    expect(after.visa).toEqual(before.visa);
    expect(after.photo).toBe(before.photo);
  }, 120_000);
});
