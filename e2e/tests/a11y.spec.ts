import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { DEMO, acceptCookies, dialog, loginByToken, newAccount } from '../support/ui.ts';
import type { ProductDto } from '@umrah/domain/contracts';

// Accessibility: axe finds no serious or critical violations on every public page, every step of
// the room wizard, the cart, checkout, 'Mijn bestellingen' and the visa wizard. The whole page is
// scanned (header, footer and open dialogs included), not only <main>.

async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const today = () => new Date().toISOString().slice(0, 10);

async function products(request: APIRequestContext): Promise<ProductDto[]> {
  const res = await request.get('/api/products', { params: { region: 'NL' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ProductDto[] }).products;
}

/** A seeded Firstclass 2-person trip that departs later with room left. */
async function stockedTrip(request: APIRequestContext): Promise<ProductDto> {
  const trip = (await products(request))
    .filter((p) => p.type === 2 && p.flex.type_class === 0 && p.is_active && p.stock >= 5 && p.start !== null && p.start > today())
    .sort((a, b) => a.start!.localeCompare(b.start!))[0];
  return must(trip, 'a stocked Firstclass trip in the demo catalog');
}

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A new customer (made by the admin API, no captcha). */
async function newCustomer(request: APIRequestContext, adminToken: string) {
  const account = newAccount({ firstName: 'Amina', lastName: 'Toegankelijk' });
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      date_of_birth: '1990-06-01',
      nationality: 'NL',
      phone_number: account.phone,
      address: account.address,
      zip: account.zip,
      city: account.city,
      country: 'NL',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return account;
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('public pages: no serious or critical axe violations', async ({ page }) => {
  test.slow();
  const articles = await page.request.get('/api/articles', { params: { type: 0 } });
  expect(articles.ok()).toBe(true);
  const first = must(((await articles.json()) as { articles: { id: number }[] }).articles[0], 'a seeded knowledge article');

  const pages: [string, string | RegExp][] = [
    ['/', /./],
    ['/pakketten', /./],
    ['/kennis', 'Kennis'],
    [`/kennis/${first.id}`, /./],
    ['/over-ons', /./],
    ['/contact', /./],
    ['/arabia-teaching', /./],
    ['/algemene-voorwaarden', /./],
    ['/privacy', /./],
  ];
  const problems: Record<string, string[]> = {};
  for (const [path, h1] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(h1);
    // Lazy parts (carousel, tiles, cards) settle before the scan.
    await page.waitForLoadState('networkidle');
    problems[path] = await axeProblems(page);
  }
  // /pakketten with a month and a trip chosen shows the class radios and the package cards.
  const trip = await stockedTrip(page.request);
  await page.goto(`/pakketten?maand=${trip.start!.slice(0, 7)}&reis=${trip.start}_${trip.end}&klasse=0`);
  const classes = page.getByRole('radiogroup', { name: 'Klasse' });
  await expect(classes.getByRole('radio', { name: 'Firstclass', exact: true })).toBeChecked();
  await expect(page.getByTestId('pakket').first()).toBeVisible();
  problems['/pakketten (trip chosen)'] = await axeProblems(page);

  expect(problems).toEqual(Object.fromEntries(Object.keys(problems).map((k) => [k, []])));
});

test('the room wizard, the cart, checkout, Mijn bestellingen and the visa wizard: no serious or critical axe violations', async ({ page }) => {
  test.slow();
  const trip = await stockedTrip(page.request);
  const problems: Record<string, string[]> = {};

  await page.goto(`/pakketten?maand=${trip.start!.slice(0, 7)}&reis=${trip.start}_${trip.end}&klasse=0`);
  await page.getByTestId('pakket').filter({ hasText: trip.label }).first().getByRole('button', { name: 'Bestellen' }).click();
  const modal = dialog(page, 'Bestellen');
  await expect(modal).toBeVisible();

  // Step 1, then its errors (announced by the fields), then step 2, its errors, step 3, step 4.
  problems['wizard 1 kamer'] = await axeProblems(page);
  await modal.getByRole('button', { name: 'Volgende' }).click();
  await expect(modal.getByText('Kamer type is verplicht!')).toBeVisible();
  problems['wizard 1 fouten'] = await axeProblems(page);
  await modal.getByRole('button', { name: '2 personen' }).click();
  await modal.getByRole('button', { name: 'Mannen' }).click();
  await modal.getByRole('button', { name: 'Volgende' }).click();
  await expect(modal.getByTestId('gast')).toHaveCount(1);
  problems['wizard 2 gasten'] = await axeProblems(page);
  await modal.getByRole('button', { name: 'Volgende' }).click();
  await expect(modal.getByText('Voornaam is verplicht!')).toBeVisible();
  // The error text is tied to its field, so a screen reader reads it with the field.
  const firstName = modal.getByRole('group', { name: 'Gast 1' }).getByLabel('Voornaam');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription(/Voornaam is verplicht!/);
  problems['wizard 2 fouten'] = await axeProblems(page);
  await firstName.fill('Yusuf');
  await modal.getByRole('group', { name: 'Gast 1' }).getByLabel('Achternaam').fill('Bakker');
  await modal.getByRole('button', { name: 'Volgende' }).click();
  await expect(modal.getByTestId('kamer-totaal')).toBeVisible();
  problems['wizard 3 bevestigen'] = await axeProblems(page);
  await modal.getByRole('button', { name: 'Verder naar registreren' }).click();
  await expect(modal.getByRole('button', { name: 'Account aanmaken' })).toBeVisible();
  problems['wizard 4 registreren'] = await axeProblems(page);

  // Focus stays inside the open modal.
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
  expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.goto('/winkelwagen');
  await expect(page.getByTestId('winkelwagen-item')).toHaveCount(1);
  problems['winkelwagen'] = await axeProblems(page);

  // A logged-in customer checks out the same cart, then has a half-paid order to deliver documents for.
  const adminToken = await apiLogin(page.request, DEMO.admin.email, DEMO.admin.password);
  const account = await newCustomer(page.request, adminToken);
  const token = await loginByToken(page, account.email, account.password);
  await page.goto('/afrekenen');
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  await page.waitForLoadState('networkidle');
  problems['afrekenen'] = await axeProblems(page);

  const order = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      rooms: [
        {
          product_id: trip.id,
          room_type: 2,
          room_gender: 2,
          guests: [
            { first_name: 'Amina', last_name: 'Toegankelijk', age_category: 0, gender: 1 },
            { first_name: 'Bilal', last_name: 'Toegankelijk', age_category: 0, gender: 0 },
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

  await page.goto('/account/bestellingen');
  const card = page.locator(`div[data-order="${id}"]`);
  await expect(card).toBeVisible();
  await page.waitForLoadState('networkidle');
  problems['mijn bestellingen'] = await axeProblems(page);
  await page.goto(`/account/bestellingen/${id}`);
  await expect(card.getByRole('link', { name: 'Documenten aanleveren' })).toBeVisible();
  problems['mijn bestelling'] = await axeProblems(page);

  await page.goto(`/visum/invoeren/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Introductie' })).toBeVisible();
  problems['visum introductie'] = await axeProblems(page);
  await page.getByRole('button', { name: 'Beginnen' }).click();
  const form = page.getByRole('form', { name: 'Visumgegevens van Amina Toegankelijk' });
  await expect(form).toBeVisible();
  problems['visum reiziger 1'] = await axeProblems(page);
  await form.getByRole('button', { name: 'Opslaan en verder' }).click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  problems['visum reiziger 1 fouten'] = await axeProblems(page);

  expect(problems).toEqual(Object.fromEntries(Object.keys(problems).map((k) => [k, []])));
});
