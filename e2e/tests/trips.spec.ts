import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
// exceljs is a dependency of apps/api, hoisted to the root node_modules: the test reads the XLSX
// files the way a spreadsheet program would.
import ExcelJS from 'exceljs';
import { formatEuro } from '@umrah/domain/money';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken, newAccount } from '../support/ui.ts';

// Trip overviews (docs/RULES.md, 'Screens: Admin dashboard'): an admin opens a trip (seeded here through
// the API: 9 guests in 6 orders of three customers: a family with a child, two brothers, a man
// alone, two sisters who booked apart, a woman in an exclusive room), sees the statistics, makes
// the rooming list, moves a guest, saves twice (two versions listed), downloads the PDF (3 rooms a
// page by pdftotext) and the XLSX (read with exceljs), and the Turkish Airlines list.

const OFFICE = 'office@umrahreizen.nl';

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

interface Product {
  id: number;
  type: number;
  stock: number;
  start: string | null;
  is_active: boolean;
  label: string;
}

interface GuestIn {
  first_name: string;
  last_name: string;
  age_category: 0 | 1 | 2;
  gender?: 0 | 1;
  bed_included?: boolean;
}

/** A new customer made by the admin API (no captcha); returns their token. */
async function customer(page: Page, adminToken: string, firstName: string, lastName: string) {
  const account = newAccount({ firstName, lastName });
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      email: account.email,
      password: account.password,
      first_name: firstName,
      last_name: lastName,
      date_of_birth: '1980-05-01',
      nationality: 'NL',
      phone_number: account.phone,
      address: account.address,
      zip: account.zip,
      city: account.city,
      country: 'NL',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { name: `${firstName} ${lastName}`, email: account.email, token: await apiLogin(page, account.email, account.password) };
}

/**
 * The latest trip of the demo catalog that still has room: the other specs book the earliest
 * trips, so this one holds only the orders made here.
 */
async function latestTrip(page: Page): Promise<{ start: string; byCapacity: Record<2 | 3, number> }> {
  const res = await page.request.get('/api/products', { params: { region: 'NL' } });
  const products = ((await res.json()) as { products: Product[] }).products;
  const today = new Date().toISOString().slice(0, 10);
  const firstclass = products.filter((p) => p.is_active && p.start !== null && p.start > today && p.stock >= 10 && p.label.includes('Firstclass'));
  const start = firstclass
    .filter((p) => p.type === 2)
    .map((p) => p.start!)
    .sort()
    .at(-1);
  expect(start, 'a stocked Firstclass trip in the demo catalog').toBeTruthy();
  const of = (type: number) => firstclass.find((p) => p.start === start && p.type === type)!.id;
  return { start: start!, byCapacity: { 2: of(2), 3: of(5) } };
}

interface Placed {
  id: number;
  total: number;
  paid: number;
  guests: number;
}

async function order(
  page: Page,
  adminToken: string,
  token: string,
  productId: number,
  room: { room_type: 2 | 3; room_gender: 0 | 1 | 2; exclusive?: boolean; guests: GuestIn[] },
  pay: 'half' | 'full',
): Promise<Placed> {
  const created = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: { rooms: [{ product_id: productId, ...room }], flex: JSON.stringify({ pay_partly: pay === 'half' }) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, total_price } = (await created.json()).order as { id: number; total_price: number };
  const amount = pay === 'half' ? Math.round(total_price / 2) : total_price;
  const paid = await page.request.post('/api/payment', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { order_id: id, payment_type: 3, amount },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { id, total: total_price, paid: amount, guests: room.guests.length };
}

async function seedTrip(page: Page) {
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const trip = await latestTrip(page);
  const amrani = await customer(page, adminToken, 'Karim', 'Amrani');
  const broer = await customer(page, adminToken, 'Bilal', 'Broer');
  const alleen = await customer(page, adminToken, 'Yusuf', 'Alleen');
  const adult = (first_name: string, last_name: string, gender?: 0 | 1): GuestIn => ({ first_name, last_name, age_category: 0, gender });
  const orders = [
    // A family with a child in a 3-person family room, paid in full.
    await order(
      page,
      adminToken,
      amrani.token,
      trip.byCapacity[3],
      {
        room_type: 3,
        room_gender: 2,
        guests: [
          adult('Karim', 'Amrani', 0),
          adult('Laila', 'Amrani', 1),
          { first_name: 'Sami', last_name: 'Amrani', age_category: 1, gender: 0, bed_included: true },
        ],
      },
      'full',
    ),
    // Two brothers in a men's room, half paid.
    await order(
      page,
      adminToken,
      broer.token,
      trip.byCapacity[2],
      { room_type: 2, room_gender: 0, guests: [adult('Bilal', 'Broer'), adult('Hamza', 'Broer')] },
      'half',
    ),
    // A man alone in a men's room, paid in full.
    await order(page, adminToken, alleen.token, trip.byCapacity[2], { room_type: 2, room_gender: 0, guests: [adult('Yusuf', 'Alleen')] }, 'full'),
    // Two sisters who booked apart, each in a women's room.
    await order(page, adminToken, broer.token, trip.byCapacity[2], { room_type: 2, room_gender: 1, guests: [adult('Samira', 'Zus')] }, 'half'),
    await order(page, adminToken, alleen.token, trip.byCapacity[2], { room_type: 2, room_gender: 1, guests: [adult('Noor', 'Zus')] }, 'full'),
    // A woman in an exclusive room.
    await order(
      page,
      adminToken,
      amrani.token,
      trip.byCapacity[2],
      { room_type: 2, room_gender: 1, exclusive: true, guests: [adult('Zainab', 'Exclusief')] },
      'full',
    ),
  ] as const;
  return { trip, orders };
}

async function axeProblems(page: Page, scope = 'main') {
  const results = await new AxeBuilder({ page }).include(scope).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function download(page: Page, button: Locator): Promise<{ download: Download; path: string }> {
  const [d] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await d.path();
  expect(path).toBeTruthy();
  return { download: d, path: path! };
}

/** The rows of a workbook's first sheet as text. */
async function sheetRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

const roomCards = (page: Page) => page.locator('section[data-room-key]');
const roomWith = (page: Page, name: string) => roomCards(page).filter({ hasText: name });
const dutch = (iso: string) => iso.split('-').reverse().join('-');

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('an admin opens a trip, sees the statistics, makes and saves the rooming list twice and downloads PDF, XLSX and the Turkish Airlines list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { trip, orders } = await seedTrip(page);
  await loginByToken(page, DEMO.admin.email, DEMO.admin.password);

  await test.step('the trip card shows month, flag, label, year and bookings; axe finds nothing serious', async () => {
    await page.goto('/admin?tab=reisoverzichten');
    await expect(page.getByRole('heading', { name: 'Reisoverzichten' })).toBeVisible();
    const card = page.locator(`a[data-trip="${trip.start}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(trip.start.slice(0, 4));
    await expect(card.getByRole('img', { name: /^Vlag van/ }).first()).toBeVisible();
    await expect(card.getByTestId('trip-booked')).toHaveText(/^9 \/ \d+ geboekt$/);
    await expect(card).toHaveAccessibleName(/9 \/ \d+ geboekt$/);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('trips-cards-desktop.png'), fullPage: true });
    await card.click();
  });

  await test.step('the trip page lists the 6 orders; the statistics count down payments and full payments apart', async () => {
    await expect(page).toHaveURL(new RegExp(`reis=${trip.start}`));
    await expect(page.locator('article[data-order]')).toHaveCount(6);
    const family = page.locator(`article[data-order="${orders[0].id}"]`);
    await expect(family).toContainText(`FCU2${orders[0].id}`);
    await expect(family).toContainText('Karim Amrani');
    await expect(family.getByTestId('order-status')).toHaveText('Voltooid');
    await expect(family.getByTestId('order-open')).toHaveText(formatEuro(0));
    const brothers = page.locator(`article[data-order="${orders[1].id}"]`);
    await expect(brothers.getByTestId('order-status')).toHaveText('Aanbetaald');
    await expect(brothers.getByTestId('order-open')).toHaveText(formatEuro(orders[1].total - orders[1].paid));
    await expect(brothers.getByText('Documenten ontbreken')).toHaveCount(2);

    await page.getByRole('button', { name: 'Statistieken' }).click();
    const stats = dialog(page, /^Statistieken – /);
    const value = (key: string) => stats.locator(`[data-stat="${key}"] dd`);
    await expect(value('orders')).toHaveText('6');
    await expect(value('guests')).toHaveText('9');
    await expect(value('down_payments')).toHaveText('2');
    await expect(value('full_payments')).toHaveText('4');
    await expect(value('paid_amount')).toHaveText(formatEuro(orders.reduce((s, o) => s + o.paid, 0)));
    await expect(value('open_amount')).toHaveText(formatEuro(orders.reduce((s, o) => s + o.total - o.paid, 0)));
    await expect(value('documents_complete')).toHaveText('0');
    await expect(value('documents_missing')).toHaveText('9');
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('trips-stats-desktop.png') });
    await stats.getByRole('button', { name: 'Sluiten' }).click();
    await expect(stats).toBeHidden();
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('trips-detail-desktop.png'), fullPage: true });
  });

  await test.step("'Reisdocumenten' says the server's reason when no documents are in yet", async () => {
    await page.getByRole('button', { name: 'Reisdocumenten' }).click();
    const modal = dialog(page, /^Reisdocumenten – /);
    await modal.getByRole('button', { name: 'Reisdocumenten downloaden (zip)' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Van deze reis zijn nog geen reisdocumenten aangeleverd.');
    await modal.getByRole('button', { name: 'Sluiten' }).click();
  });

  await test.step("'Indeling maken' proposes 5 rooms; Hamza moves in with Yusuf; hotel room numbers filled in", async () => {
    await page.getByRole('tab', { name: 'Kamerindeling' }).click();
    await page.getByRole('button', { name: 'Indeling maken' }).click();
    await expect(roomCards(page)).toHaveCount(5);
    await expect(roomWith(page, 'Karim Amrani')).toContainText('Laila Amrani');
    await expect(roomWith(page, 'Karim Amrani')).toContainText('Sami Amrani');
    await expect(roomWith(page, 'Bilal Broer')).toContainText('Hamza Broer');
    await expect(roomWith(page, 'Samira Zus')).toContainText('Noor Zus');
    await expect(roomWith(page, 'Zainab Exclusief').locator('li')).toHaveCount(1);
    await expect(roomWith(page, 'Yusuf Alleen').locator('li')).toHaveCount(1);

    // A full room cannot be chosen.
    const yusufRoom = (await roomWith(page, 'Yusuf Alleen').getAttribute('data-room-key'))!;
    const bilalRoom = (await roomWith(page, 'Bilal Broer').getAttribute('data-room-key'))!;
    await expect(page.getByRole('combobox', { name: 'Kamer van Yusuf Alleen' }).locator(`option[value="${bilalRoom}"]`)).toBeDisabled();

    await page.getByRole('combobox', { name: 'Kamer van Hamza Broer' }).selectOption(yusufRoom);
    await expect(page.locator(`section[data-room-key="${yusufRoom}"]`)).toContainText('Hamza Broer');
    await expect(page.locator(`section[data-room-key="${bilalRoom}"] li`)).toHaveCount(1);
    // No rule is broken: no problem shown in any room.
    await expect(roomCards(page).getByTestId('room-problems')).toHaveCount(0);

    const first = roomCards(page).first();
    await first.getByRole('textbox', { name: 'Kamernummer Mekka van Kamer 1' }).fill('1204');
    await first.getByRole('textbox', { name: 'Kamernummer Medina van Kamer 1' }).fill('305');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('trips-rooming-desktop.png'), fullPage: true });
  });

  const saved = `Kamers zijn samengevoegd voor de periode ${dutch(trip.start)} t/m`;
  await test.step("'Opslaan' twice makes versions 1 and 2, with the server's message and a mail to the office each", async () => {
    const mailsBefore = mailsFor(OFFICE).length;
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('status').filter({ hasText: saved })).toBeVisible();
    await expect(page.getByTestId('rooming-state')).toHaveText(/^Versie 1 · 5 kamers · 9 gasten ingedeeld$/);
    const mail = await waitForMail(OFFICE, { after: mailsBefore });
    expect(mail.text).toContain('versie 1: 5 kamers, 9 reizigers');
    expect(mail.text).toMatch(/Kamer \d \(2-persoons, Mannen[^)]*\): Yusuf Alleen, Hamza Broer/);

    const second = roomCards(page).nth(1);
    await second.getByRole('textbox', { name: 'Kamernummer Mekka van Kamer 2' }).fill('1310');
    await expect(page.getByTestId('rooming-state')).toContainText('niet-opgeslagen wijzigingen');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByTestId('rooming-state')).toHaveText(/^Versie 2 · 5 kamers · 9 gasten ingedeeld$/);

    await page.getByText(/^Versies/).click();
    const versions = page.getByRole('list', { name: 'Opgeslagen versies' }).getByRole('listitem');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Versie 2');
    await expect(versions.nth(0)).toContainText('Geopend');
    await expect(versions.nth(1)).toContainText('Versie 1');
    await expect(versions.nth(1)).toContainText('5 kamers');

    // The older version opens; its room 2 has no Mekka number yet.
    await page.getByRole('button', { name: 'Versie 1 openen' }).click();
    await expect(page.getByTestId('rooming-state')).toHaveText(/^Versie 1 · /);
    await expect(roomCards(page).nth(1).getByRole('textbox', { name: 'Kamernummer Mekka van Kamer 2' })).toHaveValue('');
    await expect(roomCards(page).nth(0).getByRole('textbox', { name: 'Kamernummer Mekka van Kamer 1' })).toHaveValue('1204');
    await page.getByText(/^Versies/).click();
    await page.getByRole('button', { name: 'Versie 2 openen' }).click();
    await expect(page.getByTestId('rooming-state')).toHaveText(/^Versie 2 · /);
  });

  await test.step('the preview holds 3 rooms a page; the PDF has 3 rooms a page and the XLSX the expected columns and rows', async () => {
    await page.getByText('Voorbeeld', { exact: true }).click();
    const pages = page.locator('[data-preview-page]');
    await expect(pages).toHaveCount(2);
    await expect(pages.nth(0).locator('[data-preview-room]')).toHaveCount(3);
    await expect(pages.nth(1).locator('[data-preview-room]')).toHaveCount(2);
    await expect(pages.nth(0)).toContainText('Mekka: 1204 · Medina: 305');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('trips-preview-desktop.png'), fullPage: true });

    const pdf = await download(page, page.getByRole('button', { name: 'PDF downloaden' }));
    expect(pdf.download.suggestedFilename()).toBe(`kamerindeling-${trip.start}-v2.pdf`);
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdf.path, '-'], { encoding: 'utf8' });
    const pdfPages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pdfPages.map((p) => (p.match(/Kamernummer Mekka:/g) ?? []).length)).toEqual([3, 2]);
    expect(text).toContain('Kamernummer Mekka: 1204');
    expect(text).toContain('Kamernummer Mekka: 1310');

    const xlsx = await download(page, page.getByRole('button', { name: 'XLSX downloaden' }));
    expect(xlsx.download.suggestedFilename()).toBe(`kamerindeling-${trip.start}-v2.xlsx`);
    const rows = await sheetRows(xlsx.path);
    expect(rows[0]).toEqual([
      'Kamer',
      'Bedden',
      'Soort',
      'Exclusief',
      'Kamer Mekka',
      'Kamer Medina',
      'Achternaam',
      'Voornaam',
      'Geslacht',
      'Leeftijd',
      'Bestelling',
      'Rolstoel',
    ]);
    const guests = rows.slice(1);
    expect(guests).toHaveLength(9);
    const roomOf = (first: string) => guests.find((r) => r[7] === first)?.[0];
    expect(roomOf('Hamza')).toBe(roomOf('Yusuf'));
    expect(roomOf('Hamza')).not.toBe(roomOf('Bilal'));
    expect(roomOf('Samira')).toBe(roomOf('Noor'));
    expect(guests.find((r) => r[7] === 'Zainab')?.[3]).toBe('Ja');
    expect(guests.filter((r) => r[0] === '1').every((r) => r[4] === '1204' && r[5] === '305')).toBe(true);
    expect(guests.find((r) => r[7] === 'Karim')?.[10]).toBe(`FCU2${orders[0].id}`);
  });

  await test.step("'API-lijst': the Turkish Airlines layout as XLSX", async () => {
    await page.getByRole('button', { name: 'API-lijst' }).click();
    const modal = dialog(page, /^API-lijst – /);
    await modal.getByRole('radio', { name: 'Turkish Airlines' }).check();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    const tk = await download(page, modal.getByRole('button', { name: 'XLSX downloaden' }));
    expect(tk.download.suggestedFilename()).toBe(`passagiers-turkish-airlines-${trip.start}.xlsx`);
    const rows = await sheetRows(tk.path);
    expect(rows[0]).toEqual(['NO', 'SURNAME', 'NAME', 'TITLE', 'GENDER', 'DOB', 'NATIONALITY', 'PASSPORT NO', 'PASSPORT EXPIRY', 'PAX TYPE']);
    expect(rows.slice(1)).toHaveLength(9);
    const karim = rows.find((r) => r[2] === 'KARIM');
    expect(karim?.slice(1, 5)).toEqual(['AMRANI', 'KARIM', 'MR', 'M']);
    expect(rows.find((r) => r[2] === 'SAMI')?.[9]).toBe('CHD');

    const csv = await download(page, modal.getByRole('button', { name: 'CSV downloaden' }));
    expect(csv.download.suggestedFilename()).toBe(`passagiers-turkish-airlines-${trip.start}.csv`);
    expect(
      readFileSync(csv.path, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
    ).toBe('NO;SURNAME;NAME;TITLE;GENDER;DOB;NATIONALITY;PASSPORT NO;PASSPORT EXPIRY;PAX TYPE');
    await modal.getByRole('button', { name: 'Sluiten' }).click();
  });

  await test.step('at phone width the trip pages fit without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Kamerindeling' }).click();
    await page.getByText('Bewerken', { exact: true }).click();
    await expect(roomCards(page)).toHaveCount(5);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('trips-rooming-phone.png'), fullPage: true });
    await page.getByRole('tab', { name: /^Bestellingen/ }).click();
    await expect(page.locator('article[data-order]')).toHaveCount(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('trips-detail-phone.png'), fullPage: true });
    await page.goto('/admin?tab=reisoverzichten');
    await expect(page.locator(`a[data-trip="${trip.start}"]`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('trips-cards-phone.png'), fullPage: true });
  });
});
