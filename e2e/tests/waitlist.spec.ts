import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { WAITLIST_MSG } from '@umrah/domain/validation/waitlist';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken } from '../support/ui.ts';

// The waiting list (docs/WAITLIST.md): a sold-out room type offers 'Zet mij op de wachtlijst'; when an
// order is cancelled its places are held for the first on the list, who gets a mail and books them
// within the hold, while another customer cannot take them.

interface ApiProduct {
  id: number;
  type: number;
  label: string;
  start: string | null;
  end: string | null;
  stock: number;
  is_active: boolean;
  flex: { type_class: number };
}

const HOLD_SUBJECT = 'Er is plaats voor je vrijgekomen';
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A customer account made by the admin (no captcha), and its token. */
async function customer(request: APIRequestContext, admin: string, firstName: string) {
  const email = `wachtlijst-${randomBytes(4).toString('hex')}@example.nl`;
  const password = 'Eigen-wachtwoord-1';
  const made = await request.post('/api/users', {
    headers: bearer(admin),
    data: {
      email,
      password,
      first_name: firstName,
      last_name: 'Wachtlijst',
      date_of_birth: '1990-05-01',
      nationality: 'Nederlandse',
      phone_number: '0611111111',
      address: 'Kalverstraat 5',
      zip: '1012 NX',
      city: 'Amsterdam',
      country: 'Nederland',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { email, password, token: await login(request, email, password) };
}

const orderOne = (request: APIRequestContext, token: string, productId: number) =>
  request.post('/api/order', {
    headers: bearer(token),
    data: {
      rooms: [{ product_id: productId, room_type: 2, room_gender: 1, guests: [{ first_name: 'Maryam', last_name: 'Vol', age_category: 0 }] }],
      flex: JSON.stringify({ pay_partly: true }),
    },
  });

test('a sold-out room goes to the first on the waiting list when an order is cancelled; she books it, another customer cannot', async ({ page }) => {
  test.slow();
  await acceptCookies(page);
  const request = page.request;
  const admin = await login(request, DEMO.admin.email, DEMO.admin.password);

  // The latest seeded Firstclass trip within the months the page shows (other journeys use the
  // earliest): its adult 2-person room, left with one place.
  const products = ((await (await request.get('/api/products', { params: { region: 'NL' } })).json()) as { products: ApiProduct[] }).products;
  const room = products
    .filter(
      (p) =>
        p.type === 2 &&
        p.flex.type_class === 0 &&
        p.is_active &&
        p.start &&
        p.start > today() &&
        p.start < inDays(120) &&
        p.label.startsWith('Umrah '),
    )
    .sort((a, b) => b.start!.localeCompare(a.start!))[0]!;
  expect(room, 'a seeded Firstclass trip').toBeDefined();
  const put = await request.put(`/api/product/${room.id}`, { headers: bearer(admin), data: { ...room, stock: 1 } });
  expect(put.status(), await put.text()).toBe(200);
  const owner = await customer(request, admin, 'Eigenaar');
  const first = await orderOne(request, owner.token, room.id);
  expect(first.status(), await first.text()).toBe(201);
  const cancelledId = ((await first.json()) as { order: { id: number } }).order.id;

  const waiting = await customer(request, admin, 'Amina');
  const other = await customer(request, admin, 'Khadija');
  await loginByToken(page, waiting.email, waiting.password);
  const packageUrl = `/pakketten?maand=${room.start!.slice(0, 7)}&reis=${room.start}_${room.end}&klasse=0`;
  const card = page.getByTestId('pakket').filter({ hasText: room.label });

  await test.step("the sold-out room type offers 'Zet mij op de wachtlijst'", async () => {
    await page.goto(packageUrl);
    await card.getByRole('button', { name: 'Zet mij op de wachtlijst' }).click();
    const modal = dialog(page, 'Zet mij op de wachtlijst');
    await expect(modal.getByRole('combobox', { name: 'Kamergrootte' })).toHaveValue('2-persoonskamer (uitverkocht)');
    await modal.getByRole('textbox', { name: 'Aantal personen' }).fill('1');
    await modal.getByRole('button', { name: 'Op de wachtlijst' }).click();
    await expect(page.getByText(WAITLIST_MSG.joined)).toBeVisible();
    await page.goto('/account/bestellingen');
    const entry = page.getByRole('article', { name: `Wachtlijst: ${room.label}, 2-persoonskamer` });
    await expect(entry).toContainText('Op de wachtlijst');
    await expect(entry).toContainText('plaats 1 op de wachtlijst');
  });

  await test.step('the cancelled order’s place is held for her and mailed', async () => {
    const before = mailsFor(waiting.email).length;
    const cancelled = await request.post(`/api/order/cancel/${cancelledId}`, { headers: bearer(admin), data: {} });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const mail = await waitForMail(waiting.email, { subject: HOLD_SUBJECT, after: before });
    expect(mail.text).toContain('Er is 1 plaats voor je vrijgekomen');
    expect(mail.text).toContain('/account/bestellingen');
  });

  await test.step('another customer cannot take the held place', async () => {
    const taken = await orderOne(request, other.token, room.id);
    expect(taken.status()).toBe(409);
  });

  await test.step("she sees the hold with its deadline and books it through 'Nu boeken'", async () => {
    await page.goto('/account/bestellingen');
    const entry = page.getByRole('article', { name: `Wachtlijst: ${room.label}, 2-persoonskamer` });
    await expect(entry).toContainText('Plaats vastgehouden');
    await expect(entry).toContainText('We houden de plaats voor je vast tot');
    await entry.getByRole('link', { name: 'Nu boeken' }).click();
    await expect(page).toHaveURL(/\/pakketten\?maand=/);
    await card.getByRole('button', { name: 'Bestellen' }).click();
    const modal = dialog(page, 'Bestellen');
    await modal.getByRole('button', { name: '2 personen', exact: true }).click();
    await modal.getByRole('button', { name: 'Vrouwen' }).click();
    await modal.getByRole('button', { name: 'Volgende' }).click();
    const guest = modal.getByRole('group', { name: 'Gast 1' });
    await guest.getByLabel('Voornaam').fill('Amina');
    await guest.getByLabel('Achternaam').fill('Wachtlijst');
    const gender = guest.getByLabel('Geslacht');
    if (await gender.count()) await gender.selectOption({ label: 'Vrouw' });
    await modal.getByRole('button', { name: 'Volgende' }).click();
    await modal.getByRole('button', { name: 'Afrekenen' }).click();
    await expect(page).toHaveURL(/\/afrekenen$/);
    await page.getByRole('button', { name: 'Volledig betalen' }).click();
    await page.waitForURL(/\/api\/payments\/simulator\/SIM-/);

    const mine = await request.get('/api/waitlist', { headers: bearer(waiting.token) });
    expect(((await mine.json()) as { entries: { status: string }[] }).entries[0]!.status).toBe('booked');
    const after = ((await (await request.get('/api/products', { params: { region: 'NL' } })).json()) as { products: ApiProduct[] }).products;
    expect(after.find((p) => p.id === room.id)!.stock).toBe(0);
  });
});
