import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCookies, loginByToken, newAccount } from '../support/ui.ts';

// 'Mijn reis' (docs/RULES.md, 'Mijn reis'): a customer's paid trip on the phone. Staff filled the
// practical details, saved a rooming list with hotel room numbers and uploaded the visa PDF; the
// customer opens 'Mijn reis' once from the order, the browser goes offline and the page is loaded
// again: hotel addresses (Dutch and Arabic), the room, the leader's phone and the visa PDF are there.

const DETAILS = {
  flight: 'TK1952 Amsterdam 10:40 - Istanbul 15:05\nTK94 Istanbul 17:30 - Jeddah 20:55',
  meeting_point: 'Schiphol, vertrekhal 3, Turkish Airlines-balie, 07:30',
  leader_name: 'Ustadh Karim El Idrissi',
  leader_phone: '+31 6 12345678',
  programme: 'Dag 1: aankomst in Mekka en Umrah\nDag 2: ziyarah',
};

/** A small but real one-page PDF (what the visa office sends is a PDF like any other). */
function visaPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 18 Tf 30 100 Td (E-VISUM UMRAH) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A new customer with a fully paid order for two guests on a Premiumclass trip, and staff's preparations. */
async function paidTripReady(page: Page, pdf: Buffer) {
  const admin = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const account = newAccount({ firstName: 'Khadija', lastName: 'Reis' });
  const created = await page.request.post('/api/users', {
    headers: as(admin),
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      date_of_birth: '1988-03-14',
      nationality: 'NL',
      phone_number: account.phone,
      address: account.address,
      zip: account.zip,
      city: account.city,
      country: 'NL',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer = await apiLogin(page, account.email, account.password);

  const list = await page.request.get('/api/products', { params: { region: 'NL' } });
  type P = { id: number; type: number; stock: number; start: string | null; is_active: boolean; label: string };
  const today = new Date().toISOString().slice(0, 10);
  // A Premiumclass trip: the trips spec saves its rooming lists on the latest Firstclass one.
  const trip = ((await list.json()) as { products: P[] }).products
    .filter((p) => p.type === 2 && p.is_active && p.stock >= 2 && p.start !== null && p.start > today && p.label.includes('Premiumclass'))
    .sort((a, b) => a.start!.localeCompare(b.start!))[0];
  expect(trip, 'a stocked Premiumclass 2-person trip in the demo catalog').toBeTruthy();
  const order = await page.request.post('/api/order', {
    headers: as(customer),
    data: {
      rooms: [
        {
          product_id: trip!.id,
          room_type: 2,
          room_gender: 2,
          guests: [
            { first_name: 'Khadija', last_name: 'Reis', age_category: 0, gender: 1 },
            { first_name: 'Bilal', last_name: 'Reis', age_category: 0, gender: 0 },
          ],
        },
      ],
      flex: JSON.stringify({ pay_partly: false }),
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const placed = (await order.json()).order as { id: number; total_price: number; rooms: { guests: { id: number; first_name: string }[] }[] };
  const paid = await page.request.post('/api/payment', {
    headers: as(admin),
    data: { order_id: placed.id, payment_type: 2, amount: placed.total_price },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const start = trip!.start!;

  // Staff: practical details, a rooming list with hotel room numbers, the visa PDF of Khadija.
  const details = await page.request.put(`/api/admin/trips/${start}/details`, { headers: as(admin), data: DETAILS });
  expect(details.status(), await details.text()).toBe(200);
  const proposal = await page.request.post(`/api/admin/trips/${start}/rooming/proposal`, { headers: as(admin), data: {} });
  expect(proposal.status(), await proposal.text()).toBe(200);
  const rooms = ((await proposal.json()) as { rooms: { existing_id: number | null; max_guests: number; guests: { guest_id: number }[] }[] }).rooms;
  const saved = await page.request.post('/api/merged_rooms', {
    headers: as(admin),
    data: {
      start_date: start,
      rooms: rooms.map((r, i) => ({
        flex: JSON.stringify({ room_mekka: `${1204 + i}`, room_medina: `M${808 + i}` }),
        existing_id: r.existing_id,
        max_guests: r.max_guests,
        guests: r.guests.map((g) => ({ guest_id: g.guest_id })),
      })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const khadija = placed.rooms[0]!.guests.find((g) => g.first_name === 'Khadija')!.id;
  const ourRoom = rooms.findIndex((r) => r.guests.some((g) => g.guest_id === khadija));
  const upload = await page.request.put(`/api/admin/guests/${khadija}/visa-pdf`, {
    headers: as(admin),
    data: { pdf: `data:application/pdf;base64,${pdf.toString('base64')}` },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  return { account, orderId: placed.id, mekkaRoom: `${1204 + ourRoom}` };
}

test.describe('Mijn reis', () => {
  test('opened once, then offline and reloaded: hotel addresses, room, leader phone and the visa PDF are still there', async ({ page, context }) => {
    // The set-up (an order, a payment with its invoice, a rooming list) and two PDFs on a busy machine.
    test.setTimeout(180_000);
    const pdf = visaPdf();
    const { account, orderId, mekkaRoom } = await paidTripReady(page, pdf);
    await acceptCookies(page);
    await loginByToken(page, account.email, account.password);

    // From the paid order in 'Mijn bestellingen' to its trip.
    await page.goto(`/account/bestellingen/${orderId}`);
    await page.getByRole('link', { name: 'Mijn reis' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/reis/${orderId}$`));
    await expect(page.getByRole('heading', { name: 'Mijn reis', level: 1 })).toBeVisible();
    // The service worker kept the page, its files, the answer and the PDFs.
    await expect(page.getByText('Deze pagina werkt nu ook zonder internet.')).toBeVisible({ timeout: 30_000 });

    const a11y = await new AxeBuilder({ page }).analyze();
    expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Je bent offline: je ziet de laatst opgeslagen gegevens.')).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Hotels with their address in Dutch and Arabic (for the taxi driver).
    const hotels = page.getByTestId('hotel');
    await expect(hotels.first()).toBeVisible();
    expect(await hotels.count()).toBeGreaterThanOrEqual(2);
    await expect(hotels.first()).toContainText('Saoedi-Arabië');
    await expect(page.getByTestId('hotel-address-ar').first()).toContainText('المملكة العربية السعودية');
    // The room of the saved rooming list, with the roommate's name.
    const khadija = page.getByTestId('guest-room').filter({ has: page.getByText('Khadija Reis', { exact: true }) });
    await expect(khadija).toContainText(`Mekka: kamer ${mekkaRoom}`);
    await expect(khadija).toContainText('Samen met Bilal Reis');
    // The tour leader's phone, callable.
    await expect(page.getByTestId('leader-phone')).toHaveText(DETAILS.leader_phone);
    await expect(page.getByTestId('leader-phone')).toHaveAttribute('href', 'tel:+31612345678');
    await expect(page.getByText('TK94 Istanbul 17:30 - Jeddah 20:55')).toBeVisible();

    // The visa PDF opens from the phone's copy.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Visum Khadija Reis (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('visum-Khadija-Reis.pdf');
    expect((await readFile((await file.path())!)).equals(pdf)).toBe(true);
    // And the invoice too.
    const invoice = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Factuur (PDF)' }).click();
    expect((await readFile((await (await invoice).path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    await context.setOffline(false);
  });
});
