import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCookies, dialog, loginByToken, loginThroughUi, userMenuButton } from '../support/ui.ts';

// The bookkeeper's role (docs/RULES.md, 'Roles'): the bookkeeper logs in, finds /admin through the menu, sees the three read-only tabs
// without write controls, downloads the payments CSV (read and checked here) and is refused (403)
// when creating a product through the API; an admin adds, edits and closes a crowdfund goal and the
// home page follows each step.

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The demo customer orders a trip; the admin books € 1.210,00 cash on it. */
async function paidOrder(page: Page) {
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const customerToken = await apiLogin(page, DEMO.customer.email, DEMO.customer.password);
  const list = await page.request.get('/api/products', { params: { region: 'NL' } });
  const products = ((await list.json()) as { products: { id: number; type: number; stock: number; start: string | null; is_active: boolean }[] })
    .products;
  const today = new Date().toISOString().slice(0, 10);
  const trip = products
    .filter((p) => p.type === 2 && p.is_active && p.stock >= 2 && p.start !== null && p.start > today)
    .sort((a, b) => b.stock - a.stock)[0];
  if (!trip) throw new Error('a stocked 2-person trip in the demo catalog');
  const created = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: {
      rooms: [{ product_id: trip.id, room_type: 2, room_gender: 1, guests: [{ first_name: 'Khadija', last_name: 'Boekhouding', age_category: 0 }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = ((await created.json()) as { order: { id: number } }).order.id;
  const paid = await page.request.post('/api/payment', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { order_id: orderId, payment_type: 0, amount: 121_000 },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const paymentId = ((await paid.json()) as { payment: { id: number } }).payment.id;
  return { orderId, paymentId };
}

const dutch = (d: Date) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}-${p.month}-${p.year}`;
};

async function seriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the bookkeeper reads Facturen, Betalingen and Bestellingen, exports the payments CSV and may not create a product', async ({ page }) => {
  await acceptCookies(page);
  const { orderId, paymentId } = await paidOrder(page);

  await page.goto('/');
  await loginThroughUi(page, DEMO.bookkeeper.email, DEMO.bookkeeper.password, DEMO.bookkeeper.name);
  await userMenuButton(page, DEMO.bookkeeper.name).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByRole('heading', { name: 'Admin portaal' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Facturen/aanbetalingsbewijzen', 'Betalingen', 'Bestellingen']);
  await expect(page.getByRole('button', { name: 'Offertes en facturen als CSV' })).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);

  // Bestellingen: the order opens, with no action that changes it.
  await page.getByRole('tab', { name: 'Bestellingen' }).click();
  // Within the tab's own panel: the Facturen tab's search box may still be there while the tab changes.
  await page.getByRole('tabpanel', { name: 'Bestellingen' }).getByLabel('Zoeken').fill(`FCU2${orderId}`);
  await page.getByRole('button', { name: `Details FCU2${orderId}` }).click();
  await expect(page.getByText('Khadija Boekhouding', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Acties' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Snel bewerken' })).toHaveCount(0);

  // Betalingen: the list without add/change/delete, and the export.
  await page.getByRole('tab', { name: 'Betalingen' }).click();
  await expect(page.getByRole('table', { name: 'Betalingen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Betaling toevoegen' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Betalingen' }).getByRole('button')).toHaveCount(0);
  expect(await seriousAxe(page)).toEqual([]);

  const from = page.getByRole('textbox', { name: 'Van' });
  const to = page.getByRole('textbox', { name: 'Tot en met' });
  const now = new Date();
  await from.fill(dutch(new Date(now.getTime() - 7 * 86_400_000)));
  await from.press('Tab');
  await to.fill(dutch(new Date(now.getTime() + 86_400_000)));
  await to.press('Tab');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Betalingen als CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^betalingen_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split(/\r\n/);
  expect(lines[0]).toBe(
    'Datum;Betalingsnummer;Bestel-/factuurnummer;Soort;Klant;E-mail;Betaalmethode;Bedrag incl. btw;Btw-tarief (%);Btw-bedrag;Bedrag excl. btw',
  );
  const row = lines.find((l) => l.split(';')[1] === String(paymentId));
  expect(row).toBe(`${dutch(now)};${paymentId};FCU2${orderId};Bestelling;Ahmed Yilmaz;${DEMO.customer.email};Contant;1210,00;21;210,00;1000,00`);
  await expect(page.getByText('De export van betalingen is gedownload.')).toBeVisible();

  // A write through the API: refused, and no product appears.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const label = `Boekhouder-product ${Date.now()}`;
  const refused = await page.request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    data: { label, type: 2, price: 1000, stock: 5 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('Je bent niet toegestaan om deze pagina te bekijken.');
  const catalog = await page.request.get('/api/products', { params: { region: 'NL' } });
  expect(((await catalog.json()) as { products: { label: string }[] }).products.some((p) => p.label === label)).toBe(false);
});

test('an admin adds, edits and closes a crowdfund goal; the home page follows', async ({ page }) => {
  await acceptCookies(page);
  await loginByToken(page, DEMO.admin.email, DEMO.admin.password);
  const label = `Schoolbus Marokko ${Date.now()}`;

  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Crowdfunding' });
  await section.getByRole('button', { name: 'Doel toevoegen' }).click();
  let modal = dialog(page, 'Crowdfunddoel toevoegen');
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(modal.getByText('Titel is verplicht!')).toBeVisible();
  await expect(modal.getByText('Doelbedrag is verplicht!')).toBeVisible();
  await modal.getByLabel('Titel').fill(label);
  await modal.getByLabel('Beschrijving').fill('Een bus voor de dorpsschool.');
  await modal.getByLabel('Doelbedrag (€)').fill('1000');
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(`Doel '${label}' is toegevoegd.`)).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: label });
  await expect(row).toContainText('Open');
  await expect(row.getByTestId('crowdfund-remaining')).toHaveText('€ 1.000,-');

  await page.goto('/');
  const card = page.getByRole('article', { name: label });
  await expect(card.getByTestId('nog-nodig')).toHaveText('nog € 1.000,- nodig');

  await page.goto('/admin');
  await row.getByRole('button', { name: /^Wijzigen/ }).click();
  modal = dialog(page, `Doel '${label}' wijzigen`);
  await modal.getByLabel('Doelbedrag (€)').fill('2500');
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(`Doel '${label}' is opgeslagen.`)).toBeVisible();
  await expect(row.getByTestId('crowdfund-remaining')).toHaveText('€ 2.500,-');
  await page.goto('/');
  await expect(card.getByTestId('nog-nodig')).toHaveText('nog € 2.500,- nodig');

  await page.goto('/admin');
  await row.getByRole('button', { name: /^Sluiten/ }).click();
  const confirm = dialog(page, 'Doel sluiten');
  await expect(confirm).toContainText(label);
  await confirm.getByRole('button', { name: 'Sluiten' }).click();
  await expect(page.getByText(`Doel '${label}' is gesloten.`)).toBeVisible();
  await expect(row).toContainText('Gesloten');
  await page.goto('/');
  await expect(page.getByRole('article', { name: 'Waterput in Senegal' })).toBeVisible();
  await expect(page.getByRole('article', { name: label })).toHaveCount(0);
});
