import { expect, test, type Locator, type Page } from '@playwright/test';
import { buildMrz } from '@umrah/domain/mrz';
import { passportPhoto, seededRandom, type PassportPerson } from '../../bench/passport-image.ts';
import { DEMO, acceptCookies, loginByToken, newAccount } from '../support/ui.ts';

// 'Paspoort scannen' in the visa wizard (docs/RULES.md, 'Validation: Visa form'): a customer scans a generated photo of a
// passport's data page; the MRZ is read in the browser (tesseract from the shop's own /ocr/, no
// other host), the form is filled and passes, the server calls the data scanned. A page whose birth
// date has a wrong check digit fills the form too, with the birth date marked to confirm.

const SCANNED = 'Paspoort gescand. Controleer de oranje gemarkeerde velden.';
const DOUBT = 'Paspoort gescand, maar niet alles kon betrouwbaar worden gelezen. Controleer de oranje gemarkeerde velden.';
const CONFIRM = 'Controleer dit veld: overgenomen uit de scan.';
const SIX_MONTHS = 'Vervaldatum zal niet meer geldig zijn bij het aanvragen van een visum, bestel alstublieft een nieuwe met SPOED.';

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A new customer with a half-paid order for two guests, and the trip's first day. */
async function customerWithPaidOrder(page: Page, adminToken: string) {
  const account = newAccount({ firstName: 'Noura', lastName: 'Scan' });
  const admin = { authorization: `Bearer ${adminToken}` };
  const created = await page.request.post('/api/users', {
    headers: admin,
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      date_of_birth: '1990-07-14',
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
  expect(trip, 'a stocked 2-person trip in the demo catalog').toBeTruthy();
  const order = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      rooms: [
        {
          product_id: trip!.id,
          room_type: 2,
          room_gender: 2,
          guests: [
            { first_name: 'Noura', last_name: 'Scan', age_category: 0, gender: 1 },
            { first_name: 'Omar', last_name: 'Scan', age_category: 0, gender: 0 },
          ],
        },
      ],
      flex: JSON.stringify({ pay_partly: true }),
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { id, total_price } = (await order.json()).order as { id: number; total_price: number };
  const paid = await page.request.post('/api/payment', {
    headers: admin,
    data: { order_id: id, payment_type: 3, amount: Math.round(total_price / 2) },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { account, orderId: id, tripStart: trip!.start! };
}

const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4, 8)}28`;
const dutch = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

async function scan(page: Page, form: Locator, name: string, jpeg: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Paspoort scannen' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: jpeg });
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a customer scans the passport page of each guest: the form is filled and passes; a wrong check digit marks the field', async ({ page }) => {
  // The first scan loads the OCR (about 16 MB) and reads two pages on a shared 2-core machine.
  test.setTimeout(420_000);
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const { account, orderId, tripStart } = await customerWithPaidOrder(page, adminToken);
  // Document numbers without look-alikes (0/O, 2/Z, 5/S, 8/B): what is tested is the flow, the OCR's accuracy is the benchmark's.
  const noura: PassportPerson = {
    issuer: 'NLD',
    lastName: 'SCAN',
    firstName: 'NOURA',
    number: 'NXK7C3HP4',
    nationality: 'NLD',
    birth: '1990-07-14',
    sex: 'F',
    expiry: addYears(tripStart, 3),
  };
  const omar: PassportPerson = { ...noura, firstName: 'OMAR', number: 'NXK9C7HP3', sex: 'M', birth: '1986-04-19' };
  const omarMrz = buildMrz(omar);
  // The birth date's check digit one off: what a misprint or a bad OCR read looks like to the check.
  const badCheck: [string, string] = [omarMrz[0], `${omarMrz[1].slice(0, 19)}${(Number(omarMrz[1][19]) + 1) % 10}${omarMrz[1].slice(20)}`];
  const [nouraJpeg, omarJpeg] = await Promise.all([passportPhoto(noura, seededRandom(7)), passportPhoto(omar, seededRandom(11), badCheck)]);

  // Every request of the page goes to the shop itself: the OCR's worker, cores and model too.
  const hosts = new Set<string>();
  page.on('request', (req) => hosts.add(new URL(req.url()).host));

  await loginByToken(page, account.email, account.password);
  await page.goto(`/visum/invoeren/${orderId}`);
  await page.getByRole('button', { name: 'Beginnen' }).click();

  await test.step('guest 1: the scan fills names, number, nationality, dates and sex; only the names are marked', async () => {
    const form = page.getByRole('form', { name: 'Visumgegevens van Noura Scan' });
    await scan(page, form, 'noura.jpg', nouraJpeg);
    await expect(form.getByText(SCANNED)).toBeVisible({ timeout: 150_000 });
    await expect(form.getByRole('textbox', { name: 'Achternaam', exact: true })).toHaveValue('SCAN');
    await expect(form.getByRole('textbox', { name: 'Voornaam', exact: true })).toHaveValue('NOURA');
    await expect(form.getByRole('textbox', { name: 'Paspoortnummer', exact: true })).toHaveValue('NXK7C3HP4');
    await expect(form.getByRole('textbox', { name: 'Geboortedatum', exact: true })).toHaveValue('14-07-1990');
    await expect(form.getByRole('textbox', { name: 'Vervaldatum paspoort', exact: true })).toHaveValue(dutch(noura.expiry));
    await expect(form.getByRole('combobox', { name: 'Nationaliteit', exact: true })).toHaveValue('Nederlandse');
    await expect(form.getByRole('radio', { name: 'Vrouw' })).toBeChecked();
    await expect(form.getByText(CONFIRM)).toHaveCount(2);
    await expect(form.getByText(SIX_MONTHS)).toHaveCount(0);

    // What the MRZ does not hold, typed as usual.
    await form.getByRole('textbox', { name: 'Geboorteplaats', exact: true }).fill('Amsterdam');
    const country = form.getByRole('combobox', { name: 'Geboorteland', exact: true });
    await country.fill('Nederland');
    await page.getByRole('option', { name: 'Nederland', exact: true }).click();
    const issued = form.getByRole('textbox', { name: 'Uitgiftedatum paspoort', exact: true });
    await issued.fill('02-05-2024');
    await issued.press('Tab');
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Pasfoto', exact: true }).click();
    await (await chooser).setFiles({ name: 'pasfoto.jpg', mimeType: 'image/jpeg', buffer: nouraJpeg });
    await expect(form.getByRole('img', { name: /^Voorbeeld van de pasfoto/ })).toBeVisible();
    await form.getByRole('button', { name: 'Opslaan en verder' }).click();
    await expect(page.getByTestId('visa-progress')).toHaveText('Reiziger 2 van 2');
  });

  await test.step('guest 2: a wrong check digit of the birth date marks that field; a typed number unlike the scan is pointed out', async () => {
    const form = page.getByRole('form', { name: 'Visumgegevens van Omar Scan' });
    await scan(page, form, 'omar.jpg', omarJpeg);
    await expect(form.getByText(DOUBT)).toBeVisible({ timeout: 150_000 });
    const birth = form.getByRole('textbox', { name: 'Geboortedatum', exact: true });
    // Filled, but its value is not asserted: with a failed check digit an OCR slip is exactly what the mark is for.
    await expect(birth).not.toHaveValue('');
    await expect(birth).toHaveAttribute('data-confirm', 'true');
    await expect(form.getByRole('textbox', { name: 'Paspoortnummer', exact: true })).not.toHaveAttribute('data-confirm');
    await expect(form.getByText(CONFIRM)).toHaveCount(3);
    await expect(form.getByRole('radio', { name: 'Man' })).toBeChecked();

    await form.getByRole('textbox', { name: 'Paspoortnummer', exact: true }).fill('NXK9C7HP9');
    await expect(form.getByText('Dit nummer wijkt af van het gescande paspoort. Controleer het.')).toBeVisible();
  });

  await test.step('staff see guest 1 as scanned with a valid MRZ; nothing was fetched from another host', async () => {
    const res = await page.request.get(`/api/admin/order/${orderId}/visa`, { headers: { authorization: `Bearer ${adminToken}` } });
    const guests = ((await res.json()) as { guests: { first_name: string; documents: { passport_source: string } | null }[] }).guests;
    expect(guests.map((g) => g.documents?.passport_source ?? null)).toEqual(['mrz', null]);
    expect([...hosts]).toEqual([new URL(page.url()).host]);
  });
});
