import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken, newAccount } from '../support/ui.ts';

// The visa documents flow (docs/RULES.md, 'Screens: Visa wizard', 'My orders'): a customer with a
// half-paid order for two guests fills the wizard (a passport that runs out too soon is stopped by
// the 6-month rule), uploads photos, leaves halfway and resumes, finishes; the finish mails arrive
// at the SMTP server. An admin looks at the documents and resets one guest with a reason; the
// customer gets the mail and the wizard is open again for that guest only.

const OFFICE = 'office@umrahreizen.nl';
const SIX_MONTHS = 'Vervaldatum zal niet meer geldig zijn bij het aanvragen van een visum, bestel alstublieft een nieuwe met SPOED.';

// --- a real, small PNG made here (the server decodes and re-encodes it with sharp) --------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = must(CRC_TABLE[(c ^ b) & 0xff], 'a 256-entry table') ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A width×height RGB PNG: a face-coloured oval on a light background, like a passport photo. */
function passportPng(width: number, height: number, tint: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width * 0.3);
      const dy = (y - height * 0.45) / (height * 0.3);
      const face = dx * dx + dy * dy < 1;
      const [r, g, b] = face ? tint : [235, 240, 245];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

// --- set-up through the API ----------------------------------------------------------------------

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A new customer (made by the admin API, no captcha) with a half-paid order for two guests. */
async function customerWithHalfPaidOrder(page: Page, adminToken: string) {
  const account = newAccount({ firstName: 'Khadija', lastName: 'Visum' });
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
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
  const token = await apiLogin(page, account.email, account.password);

  const list = await page.request.get('/api/products', { params: { region: 'NL' } });
  const products = ((await list.json()) as { products: { id: number; type: number; stock: number; start: string | null; is_active: boolean }[] })
    .products;
  const today = new Date().toISOString().slice(0, 10);
  const trip = products
    .filter((p) => p.type === 2 && p.is_active && p.stock >= 2 && p.start !== null && p.start > today)
    .sort((a, b) => b.stock - a.stock)[0];
  if (!trip) throw new Error('a stocked 2-person trip in the demo catalog');
  const order = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      rooms: [
        {
          product_id: trip.id,
          room_type: 2,
          room_gender: 2,
          guests: [
            { first_name: 'Khadija', last_name: 'Visum', age_category: 0, gender: 1 },
            { first_name: 'Bilal', last_name: 'Visum', age_category: 0, gender: 0 },
          ],
        },
      ],
      flex: JSON.stringify({ pay_partly: true }),
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { id, total_price } = (await order.json()).order as { id: number; total_price: number };
  const paid = await page.request.post('/api/payment', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { order_id: id, payment_type: 3, amount: Math.round(total_price / 2) },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The trip's end decides the 6-month rule.
  const visa = await page.request.get(`/api/order/${id}/visa`, { headers: { authorization: `Bearer ${token}` } });
  expect(visa.ok(), await visa.text()).toBe(true);
  const state = (await visa.json()) as { eligible: boolean; trip: { end: string | null } | null; guests: { id: number }[] };
  expect(state.eligible).toBe(true);
  expect(state.trip?.end).toBeTruthy();
  return { account, token, orderId: id, tripEnd: state.trip!.end!, guestIds: state.guests.map((g) => g.id) };
}

// --- the wizard as a person uses it --------------------------------------------------------------

/** 'YYYY-MM-DD' plus some months, as DD-MM-YYYY (what a person types). */
function dutchDate(iso: string, addMonths = 0, addDays = 0): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + addMonths);
  d.setUTCDate(d.getUTCDate() + addDays);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

async function typeDate(form: Locator, label: string, value: string) {
  const input = form.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Tab');
  await expect(input).toHaveValue(value);
}

async function chooseCountry(page: Page, form: Locator, label: string, country: string) {
  const input = form.getByRole('combobox', { name: label, exact: true });
  await input.fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
  await expect(input).toHaveValue(country);
}

async function uploadPhoto(page: Page, form: Locator, name: string, png: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pasfoto', exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: png });
  await expect(form.getByRole('img', { name: /^Voorbeeld van de pasfoto/ })).toBeVisible();
}

interface Passport {
  birth: string;
  city: string;
  country: string;
  nationality: string;
  number: string;
  issued: string;
  expires: string;
}

async function fillPassport(page: Page, form: Locator, p: Passport) {
  await typeDate(form, 'Geboortedatum', p.birth);
  await form.getByRole('textbox', { name: 'Geboorteplaats', exact: true }).fill(p.city);
  await chooseCountry(page, form, 'Geboorteland', p.country);
  await chooseCountry(page, form, 'Nationaliteit', p.nationality);
  await form.getByRole('textbox', { name: 'Paspoortnummer', exact: true }).fill(p.number);
  await typeDate(form, 'Uitgiftedatum paspoort', p.issued);
  await typeDate(form, 'Vervaldatum paspoort', p.expires);
}

async function axeProblems(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const stepHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name });
const progress = (page: Page) => page.getByTestId('visa-progress');

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a customer delivers the visa documents of two guests, resumes halfway, finishes; an admin resets one guest', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const { account, orderId, tripEnd, guestIds } = await customerWithHalfPaidOrder(page, adminToken);
  const number = `FCU2${orderId}`;
  await loginByToken(page, account.email, account.password);
  const card = page.locator(`div[data-order="${orderId}"]`);
  const deliver = card.getByRole('link', { name: 'Documenten aanleveren' });

  await test.step("'Mijn bestellingen' offers 'Documenten aanleveren' and shows both guests without documents", async () => {
    await page.goto(`/account/bestellingen/${orderId}`);
    await expect(card.getByTestId('order-status')).toHaveText('Aanbetaald');
    await expect(card.getByTestId('guest-documents')).toHaveText(['Documenten ontbreken', 'Documenten ontbreken']);
    await deliver.click();
    await expect(page).toHaveURL(new RegExp(`/visum/invoeren/${orderId}$`));
  });

  await test.step('the introduction, then guest 1 of 2; no serious or critical axe violations', async () => {
    await expect(stepHeading(page, 'Introductie')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Reizigers' })).toContainText('Khadija Visum');
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Beginnen' }).click();
    await expect(progress(page)).toHaveText('Reiziger 1 van 2');
    await expect(stepHeading(page, 'Reiziger 1 van 2: Khadija Visum')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('a passport that runs out within 6 months after the trip is stopped until it is fixed', async () => {
    const form = page.getByRole('form', { name: 'Visumgegevens van Khadija Visum' });
    await expect(form.getByRole('textbox', { name: 'Voornaam', exact: true })).toHaveValue('Khadija');
    await fillPassport(page, form, {
      birth: '14-03-1988',
      city: 'Utrecht',
      country: 'Nederland',
      nationality: 'Nederlandse',
      number: 'NXK1234A5',
      issued: '02-05-2021',
      // Three months after the trip: too soon.
      expires: dutchDate(tripEnd, 3),
    });
    await expect(form.getByText(SIX_MONTHS)).toBeVisible();
    await uploadPhoto(page, form, 'khadija.png', passportPng(120, 160, [196, 150, 120]));
    await form.getByRole('button', { name: 'Opslaan en verder' }).click();
    await expect(form.getByText(SIX_MONTHS)).toBeVisible();
    await expect(progress(page)).toHaveText('Reiziger 1 van 2');
    // The expiry field gets the focus, the message is tied to it.
    await expect(form.getByRole('textbox', { name: 'Vervaldatum paspoort', exact: true })).toBeFocused();

    await typeDate(form, 'Vervaldatum paspoort', dutchDate(tripEnd, 7));
    await expect(form.getByText(SIX_MONTHS)).toHaveCount(0);
    await form.getByRole('button', { name: 'Opslaan en verder' }).click();
    await expect(progress(page)).toHaveText('Reiziger 2 van 2');
    await expect(stepHeading(page, 'Reiziger 2 van 2: Bilal Visum')).toBeVisible();
  });

  await test.step('the wizard on a phone: nothing sticks out sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(progress(page)).toHaveText('Reiziger 2 van 2');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('visa-wizard-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('leaving halfway keeps what was saved; the wizard resumes at guest 2', async () => {
    await page.goto(`/account/bestellingen/${orderId}`);
    await expect(card.getByTestId('guest-documents')).toHaveText(['Documenten compleet', 'Documenten ontbreken']);
    await deliver.click();
    await expect(stepHeading(page, 'Reiziger 2 van 2: Bilal Visum')).toBeVisible();
    await page.getByRole('button', { name: 'Vorige' }).click();
    await expect(page.getByText('Gegevens zijn al bekend')).toBeVisible();
    await expect(progress(page)).toHaveText('Reiziger 1 van 2');
    await page.getByRole('button', { name: 'Volgende' }).click();
    await expect(stepHeading(page, 'Reiziger 2 van 2: Bilal Visum')).toBeVisible();
  });

  await test.step("guest 2 is saved and 'Afronden' thanks the customer", async () => {
    const form = page.getByRole('form', { name: 'Visumgegevens van Bilal Visum' });
    await fillPassport(page, form, {
      birth: '03-11-1990',
      city: 'Casablanca',
      country: 'Marokko',
      nationality: 'Marokkaanse',
      number: 'MB7654321',
      issued: '15-01-2022',
      expires: dutchDate(tripEnd, 24),
    });
    await uploadPhoto(page, form, 'bilal.png', passportPng(90, 120, [150, 110, 85]));
    await form.getByRole('button', { name: 'Opslaan en verder' }).click();
    await expect(stepHeading(page, 'Afronden')).toBeVisible();
    await expect(page.getByText('Bedankt!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Naar home' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('visa-finish.png') });
    await page.getByRole('link', { name: 'Naar mijn account' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/bestellingen/${orderId}$`));
    await expect(card.getByTestId('guest-documents')).toHaveText(['Documenten compleet', 'Documenten compleet']);
    await expect(deliver).toHaveCount(0);
  });

  await test.step('the finish mails reached the SMTP server: the office and the customer, once', async () => {
    const office = await waitForMail(OFFICE, { subject: `Documenten compleet: ${number}` });
    expect(office.text).toContain('Khadija Visum');
    expect(office.text).toContain('Bilal Visum');
    const customer = await waitForMail(account.email, { subject: `Je documenten zijn ontvangen (${number})` });
    expect(customer.text).toContain(number);
    expect(mailsFor(OFFICE).filter((m) => m.subject === `Documenten compleet: ${number}`)).toHaveLength(1);
  });

  const resetReason = 'De pasfoto van Bilal is onscherp; graag een nieuwe foto met een lichte achtergrond.';
  await test.step('an admin sees the documents with the photo and resets guest 2 with a reason', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await acceptCookies(admin);
    await loginByToken(admin, DEMO.admin.email, DEMO.admin.password);
    await admin.goto('/admin');
    await admin.getByLabel('Zoeken', { exact: true }).fill(number);
    const row = admin.locator(`tr[data-order="${orderId}"]`);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Details ${number}` }).click();
    const details = admin.locator(`tr[data-order-details="${orderId}"]`);
    await expect(details.locator(`[data-guest-documents="${guestIds[0]}"]`)).toContainText('Documenten compleet');
    await expect(details.locator(`[data-guest-documents="${guestIds[1]}"]`)).toContainText('Documenten compleet');

    await details.getByRole('button', { name: 'Documenten van Khadija Visum' }).click();
    const view = dialog(admin, 'Documenten van Khadija Visum');
    await expect(view.getByRole('table', { name: 'Visumgegevens van Khadija Visum' })).toContainText('NXK1234A5');
    await expect(view).toContainText('14-03-1988');
    await expect(view).toContainText('Nederland');
    const photo = view.getByRole('img', { name: 'Pasfoto van Khadija Visum' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await admin.screenshot({ path: testInfo.outputPath('admin-documents.png') });
    await view.getByRole('button', { name: 'Sluiten' }).last().click();
    await expect(view).toBeHidden();

    await details.getByRole('button', { name: 'Documenten resetten van Bilal Visum' }).click();
    const reset = dialog(admin, `Documenten resetten – ${number}`);
    await expect(reset.getByRole('checkbox', { name: 'Bilal Visum' })).toBeChecked();
    await expect(reset.getByRole('checkbox', { name: 'Khadija Visum' })).not.toBeChecked();
    await reset.getByRole('button', { name: 'Documenten resetten' }).click();
    await expect(reset.getByText('Reden is verplicht!')).toBeVisible();
    await reset.getByRole('textbox', { name: 'Reden' }).fill(resetReason);
    await reset.getByRole('button', { name: 'Documenten resetten' }).click();
    await expect(admin.getByText('De documenten zijn teruggezet en de klant is gemaild.')).toBeVisible();
    await expect(reset).toBeHidden();
    await expect(details.locator(`[data-guest-documents="${guestIds[1]}"]`)).toContainText('Documenten ontbreken');
    await expect(details.locator(`[data-guest-documents="${guestIds[0]}"]`)).toContainText('Documenten compleet');
    await adminContext.close();
  });

  await test.step('the customer gets the mail with the reason and the wizard is open again for that guest only', async () => {
    const redo = await waitForMail(account.email, { subject: `Graag je reisdocumenten opnieuw aanleveren (${number})` });
    expect(redo.text).toContain(resetReason);
    expect(redo.text).toContain('Bilal Visum');

    await page.goto(`/account/bestellingen/${orderId}`);
    await expect(card.getByTestId('guest-documents')).toHaveText(['Documenten compleet', 'Documenten ontbreken']);
    await deliver.click();
    await expect(stepHeading(page, 'Reiziger 2 van 2: Bilal Visum')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Visumgegevens van Bilal Visum' })).toBeVisible();
    await page.getByRole('button', { name: 'Vorige' }).click();
    await expect(page.getByText('Gegevens zijn al bekend')).toBeVisible();
    await expect(progress(page)).toHaveText('Reiziger 1 van 2');
  });
});

test('the wizard asks a visitor to log in, and tells another customer the order is not theirs', async ({ page }) => {
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const { orderId } = await customerWithHalfPaidOrder(page, adminToken);
  await page.goto(`/visum/invoeren/${orderId}`);
  await expect(page.getByText('Log in om deze pagina te bekijken')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Inloggen' })).toBeVisible();

  await loginByToken(page, DEMO.customer.email, DEMO.customer.password);
  await page.goto(`/visum/invoeren/${orderId}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Bestelling niet gevonden' })).toBeVisible();
  await expect(page.getByRole('form', { name: /Visumgegevens/ })).toHaveCount(0);
});
