import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { formatEuro } from '@umrah/domain/money';
import { waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken, newAccount } from '../support/ui.ts';

// Money rules (docs/MONEY.md) in a real browser, as a customer and the office use the shop: a payment belongs to the
// order it was started for, a € 0 order completes, the payment deadline is explained, issued
// invoices and flagged payments show in the admin, and 'Account verwijderen' really removes the
// account. The rules themselves are proven by apps/api/test/money.test.ts and friends.

interface ProductDto {
  id: number;
  type: number;
  stock: number;
  start: string | null;
  is_active: boolean;
  price: number;
  label: string;
  payment_deadline: string | null;
}

/** Today in Amsterdam as the shop prints it (DD-MM-YYYY). */
const amsterdamToday = () =>
  new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
const isoToday = () => new Date().toISOString().slice(0, 10);

async function catalog(request: APIRequestContext): Promise<ProductDto[]> {
  const res = await request.get('/api/products', { params: { region: 'NL' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ProductDto[] }).products;
}

/** A 2-person adult trip that departs later with room left; `deadline` chooses one still open for a down payment or one past it. */
async function tripWith(request: APIRequestContext, deadline: 'open' | 'passed'): Promise<ProductDto> {
  const today = isoToday();
  const trip = (await catalog(request))
    .filter((p) => p.type === 2 && p.is_active && p.stock >= 4 && p.start !== null && p.start > today && p.payment_deadline !== null)
    .filter((p) => (deadline === 'open' ? p.payment_deadline! >= today : p.payment_deadline! < today))
    .sort((a, b) => b.stock - a.stock)[0];
  if (!trip) throw new Error(`no trip with its payment deadline ${deadline} in the demo catalog`);
  return trip;
}

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A customer made by the admin API (no captcha needed), logged in in this page by token. */
async function newCustomer(page: Page) {
  const account = newAccount({ firstName: 'Hafsa', lastName: 'Geldzaken' });
  const adminToken = await apiLogin(page.request, DEMO.admin.email, DEMO.admin.password);
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      date_of_birth: '1991-07-02',
      nationality: account.nationality,
      phone_number: account.phone,
      address: account.address,
      zip: account.zip,
      city: account.city,
      country: account.country,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = await loginByToken(page, account.email, account.password);
  return { ...account, token };
}

/** One adult in a men's 2-person room, put in the cart the way the room wizard leaves it (once per tab). */
async function seedCart(page: Page, trip: ProductDto, guest: { first: string; last: string }) {
  const entry = {
    type: 'umrah',
    product_id: trip.id,
    room_type: 2,
    room_gender: 0,
    exclusive: false,
    extras: [],
    max_guests: 2,
    guests: [{ first_name: guest.first, last_name: guest.last, age_category: 0, gender: 0, european_passport: true, bed_included: true }],
  };
  await page.addInitScript((cart) => {
    if (window.sessionStorage.getItem('e2e-cart-seeded')) return;
    window.localStorage.setItem('cart', JSON.stringify([cart]));
    window.sessionStorage.setItem('e2e-cart-seeded', '1');
  }, entry);
}

const simulatorPage = (page: Page) => page.waitForURL(/\/api\/payments\/simulator\/SIM-/);

async function confirmedOrderId(page: Page): Promise<number> {
  await page.waitForURL(/\/confirm\/\d+/);
  return Number(/\/confirm\/(\d+)/.exec(page.url())![1]);
}

async function axeProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A logged-in admin in a browser context of its own. */
async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await acceptCookies(admin);
  await loginByToken(admin, DEMO.admin.email, DEMO.admin.password);
  return { admin, context };
}

/** Clicks a PDF button and gives the PDF's text (pdftotext), with the file name the browser suggests. */
async function pdfText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = (await download.path())!;
  return { name: download.suggestedFilename(), text: execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8') };
}

const orderPanel = (page: Page, id: number) => page.locator(`div[data-order="${id}"]`);

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a payment left open blocks an edit; 50 % makes it Aanbetaald, the rest Voltooid, and the issued invoice downloads; the office finds it under Facturen', async ({
  page,
  browser,
}) => {
  const account = await newCustomer(page);
  const trip = await tripWith(page.request, 'open');
  await seedCart(page, trip, { first: account.firstName, last: account.lastName });

  let orderId = 0;
  await test.step('the customer starts the 50 % payment at the simulator and goes back without paying', async () => {
    await page.goto('/afrekenen');
    await expect(page.getByTestId('checkout-total')).toHaveText(formatEuro(trip.price));
    await page.getByRole('button', { name: 'Aanbetaling (50%)' }).click();
    await simulatorPage(page);
    await expect(page.getByText(formatEuro(Math.round(trip.price / 2)))).toBeVisible();
    const orders = await page.request.get('/api/orders', { headers: { authorization: `Bearer ${account.token}` } });
    orderId = must(((await orders.json()) as { orders: { id: number }[] }).orders[0], 'the order just paid').id;
    await page.goBack();
    await page.goto(`/account/bestellingen/${orderId}`);
    await expect(orderPanel(page, orderId).getByTestId('order-status')).toHaveText('Niet betaald');
  });

  await test.step('changing the order while that payment is open is refused in Dutch', async () => {
    // 'Mijn bestellingen' has no edit form: the call the web client makes (with its Idempotency-Key).
    const edit = await page.request.post(`/api/order/${orderId}`, {
      headers: { authorization: `Bearer ${account.token}`, 'Idempotency-Key': `e2e-edit-${orderId}` },
      data: {
        rooms: [
          {
            product_id: trip.id,
            room_type: 2,
            room_gender: 2,
            guests: [
              { first_name: account.firstName, last_name: account.lastName, age_category: 0, gender: 0 },
              { first_name: 'Yusra', last_name: account.lastName, age_category: 0, gender: 1 },
            ],
          },
        ],
        flex: JSON.stringify({ pay_partly: true }),
      },
    });
    expect(edit.status()).toBe(409);
    expect(((await edit.json()) as { message: string }).message).toBe(
      'Voor deze bestelling loopt nog een betaling. Rond die eerst af, annuleer die op de betaalpagina of wacht tot die is verlopen; daarna kun je de bestelling wijzigen.',
    );
    await page.reload();
    await expect(orderPanel(page, orderId)).toContainText(formatEuro(trip.price));
  });

  await test.step("the customer pays 50 % from 'Mijn bestellingen': Aanbetaald", async () => {
    await orderPanel(page, orderId).getByRole('button', { name: 'Aanbetaling 50%' }).click();
    await simulatorPage(page);
    await page.getByRole('button', { name: 'Betalen' }).click();
    expect(await confirmedOrderId(page)).toBe(orderId);
    await dialog(page, 'Bedankt voor je aanbetaling!').getByRole('button', { name: 'Naar Mijn bestellingen' }).click();
    const panel = orderPanel(page, orderId);
    await expect(panel.getByTestId('order-status')).toHaveText('Aanbetaald');
    await expect(panel.getByTestId('order-paid')).toHaveText(formatEuro(Math.round(trip.price / 2)));
    await expect(panel.getByRole('button', { name: 'Factuur (PDF)' })).toHaveCount(0);
    expect(await axeProblems(page)).toEqual([]);
  });

  await test.step('the rest is paid: Voltooid, and the invoice PDF carries its number and the Amsterdam date', async () => {
    await orderPanel(page, orderId).getByRole('button', { name: 'Restbetaling' }).click();
    await simulatorPage(page);
    await page.getByRole('button', { name: 'Betalen' }).click();
    expect(await confirmedOrderId(page)).toBe(orderId);
    await expect(dialog(page, 'Bedankt voor je bestelling!')).toBeVisible();
    await page.goto(`/account/bestellingen/${orderId}`);
    const panel = orderPanel(page, orderId);
    await expect(panel.getByTestId('order-status')).toHaveText('Voltooid');
    await expect(panel.getByTestId('order-open')).toHaveText(formatEuro(0));
    const pdf = await pdfText(page, () => panel.getByRole('button', { name: 'Factuur (PDF)' }).click());
    expect(pdf.name).toMatch(new RegExp(`FCU2?${orderId}`));
    expect(pdf.text).toContain(`FCU2${orderId}`);
    expect(pdf.text).toMatch(new RegExp(`Factuurdatum\\s+${amsterdamToday()}`));
    expect(pdf.text).toContain(`${account.firstName} ${account.lastName}`);
  });

  const { admin, context } = await adminPage(browser);
  await test.step("the admin's Facturen tab lists the issued invoice", async () => {
    await admin.goto('/admin?tab=facturen');
    const table = admin.getByRole('table', { name: 'Uitgegeven facturen en creditfacturen' });
    await expect(table).toBeVisible();
    await admin.getByPlaceholder('Nummer, bestelnummer, email of naam').fill(account.email);
    const row = table.getByRole('row', { name: new RegExp(`FCU2${orderId}\\b`) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Factuur');
    await expect(row).toContainText(amsterdamToday());
    await expect(row).toContainText(formatEuro(trip.price));
    const pdf = await pdfText(admin, () => row.getByRole('button', { name: `Factuur FCU2${orderId} (PDF)` }).click());
    expect(pdf.text).toContain(`FCU2${orderId}`);
    expect(await axeProblems(admin)).toEqual([]);
  });
  await context.close();
});

test("a payment for an order staff changed after it started is booked and marked in the admin 'Betalingen' tab", async ({ page, browser }) => {
  const account = await newCustomer(page);
  const trip = await tripWith(page.request, 'open');
  await seedCart(page, trip, { first: account.firstName, last: account.lastName });
  const number = (id: number) => `FCU2${id}`;

  // Placed and half paid in the browser.
  await page.goto('/afrekenen');
  await page.getByRole('button', { name: 'Aanbetaling (50%)' }).click();
  await simulatorPage(page);
  await page.getByRole('button', { name: 'Betalen' }).click();
  const orderId = await confirmedOrderId(page);
  await expect(dialog(page, 'Bedankt voor je aanbetaling!')).toBeVisible();

  let payUrl = '';
  await test.step('the customer starts the rest payment and leaves the provider page open', async () => {
    await page.goto(`/account/bestellingen/${orderId}`);
    await orderPanel(page, orderId).getByRole('button', { name: 'Restbetaling' }).click();
    await simulatorPage(page);
    payUrl = page.url();
  });

  const { admin, context } = await adminPage(browser);
  await test.step("meanwhile the office adds WELKOM50 in 'Kortingen wijzigen'", async () => {
    await admin.goto('/admin');
    await admin.getByLabel('Zoeken', { exact: true }).fill(number(orderId));
    const row = admin.locator(`tr[data-order="${orderId}"]`);
    await row.getByRole('button', { name: `Details ${number(orderId)}` }).click();
    const details = admin.locator(`tr[data-order-details="${orderId}"]`);
    await details.getByRole('button', { name: 'Kortingen wijzigen' }).click();
    const modal = dialog(admin, `Kortingen wijzigen – ${number(orderId)}`);
    const codes = modal.getByRole('combobox', { name: 'Kortingscodes' });
    await codes.fill('WELKOM50');
    await codes.press('Enter');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(admin.getByText(`Bestelling succesvol gewijzigd. Nieuw totaal: ${formatEuro(trip.price - 5000)}.`)).toBeVisible();
  });

  await test.step('the customer then pays the old rest at the provider', async () => {
    await page.goto(payUrl);
    await page.getByRole('button', { name: 'Betalen' }).click();
    expect(await confirmedOrderId(page)).toBe(orderId);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  await test.step("'Betalingen' marks it for the office", async () => {
    await admin.goto('/admin?tab=betalingen');
    await admin.getByLabel('Zoek op bestelnummer').fill(number(orderId));
    const flagged = admin.getByTestId('payment-review');
    await expect(flagged).toHaveCount(1);
    await expect(flagged).toHaveText('Controleren: bestelling gewijzigd na start betaling');
    const row = admin.getByRole('row').filter({ has: flagged });
    await expect(row).toContainText(formatEuro(trip.price - Math.round(trip.price / 2)));
    expect(await axeProblems(admin)).toEqual([]);
  });
  await context.close();
});

test('a lesson paid entirely by a voucher completes at checkout without a payment, with its invoice and the confirmation mail', async ({ page }) => {
  const account = await newCustomer(page);
  const lesson = (await catalog(page.request)).find((p) => p.type === 11 && p.is_active)!;
  expect(lesson.price).toBeLessThanOrEqual(5000);

  await page.goto('/arabia-teaching');
  await page.getByTestId('les').filter({ hasText: lesson.label }).getByRole('button', { name: 'In winkelwagen' }).click();
  const modal = dialog(page, 'Les toevoegen');
  await modal.getByLabel('Zaterdag').check();
  await modal.getByLabel('18:00-21:00').check();
  await modal.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByText('Product is toegevoegd in je winkelwagen!')).toBeVisible();

  await page.goto('/winkelwagen');
  await page.getByRole('textbox', { name: 'Kortingscode' }).fill('WELKOM50');
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText('Kortingscode succesvol toegevoegd.')).toBeVisible();
  await expect(page.getByTestId('winkelwagen-totaal')).toHaveText(formatEuro(0));
  await page.getByRole('button', { name: 'Afrekenen' }).click();

  await expect(page).toHaveURL(/\/afrekenen$/);
  await expect(page.getByTestId('checkout-total')).toHaveText(formatEuro(0));
  await page.getByRole('button', { name: 'Volledig betalen' }).click();

  // No provider page: straight to the thank-you of a completed order.
  const orderId = await confirmedOrderId(page);
  const thanks = dialog(page, 'Bedankt voor je bestelling!');
  await expect(thanks.getByText('Er hoeft niets betaald te worden: je bestelling is voltooid.', { exact: false })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);

  await page.goto(`/account/bestellingen/${orderId}`);
  const panel = orderPanel(page, orderId);
  await expect(panel.getByTestId('order-status')).toHaveText('Voltooid');
  await expect(panel.getByTestId('order-open')).toHaveText(formatEuro(0));
  await expect(panel.getByRole('button', { name: /betal/i })).toHaveCount(0);
  const pdf = await pdfText(page, () => panel.getByRole('button', { name: 'Factuur (PDF)' }).click());
  expect(pdf.text).toContain(`FCU2${orderId}`);
  expect(pdf.text).toMatch(new RegExp(`Factuurdatum\\s+${amsterdamToday()}`));

  const mail = await waitForMail(account.email, { subject: `Bevestiging van je bestelling FCU2${orderId}` });
  expect(mail.text).toContain('Er hoeft niets betaald te worden: je bestelling is voltooid.');
});

test("after the trip's payment deadline checkout and 'Mijn bestellingen' say why only the full amount is possible", async ({ page }) => {
  const account = await newCustomer(page);
  const trip = await tripWith(page.request, 'passed');
  const deadline = trip.payment_deadline!;
  const message = `De betaaltermijn van deze reis is verstreken: de reis moest uiterlijk op ${deadline.slice(8, 10)}-${deadline.slice(5, 7)}-${deadline.slice(0, 4)} betaald zijn, daarom is alleen het volledige bedrag mogelijk.`;
  await seedCart(page, trip, { first: account.firstName, last: account.lastName });

  await page.goto('/afrekenen');
  await expect(page.getByTestId('checkout-total')).toHaveText(formatEuro(trip.price));
  await expect(page.getByTestId('down-payment-closed')).toHaveText(message);
  await expect(page.getByRole('button', { name: 'Aanbetaling (50%)' })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  // Placed, then left unpaid at the provider.
  await page.getByRole('button', { name: 'Volledig betalen' }).click();
  await simulatorPage(page);
  await expect(page.getByText(formatEuro(trip.price))).toBeVisible();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  const orderId = await confirmedOrderId(page);

  await page.goto(`/account/bestellingen/${orderId}`);
  const panel = orderPanel(page, orderId);
  await expect(panel.getByTestId('order-status')).toHaveText('Niet betaald');
  await expect(panel.getByRole('button', { name: 'Volledig betalen' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Aanbetaling 50%' })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);
});

test("'Account verwijderen' removes the account: logging in again fails", async ({ page }) => {
  const account = await newCustomer(page);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  const confirm = dialog(page, 'Account verwijderen');
  await expect(confirm.getByText('Dit kan niet ongedaan worden gemaakt.', { exact: false })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await confirm.getByLabel('Wachtwoord').fill('niet-mijn-wachtwoord');
  await confirm.getByRole('button', { name: 'Account definitief verwijderen' }).click();
  await expect(confirm.getByRole('alert')).toBeVisible();
  await confirm.getByLabel('Wachtwoord').fill(account.password);
  await confirm.getByRole('button', { name: 'Account definitief verwijderen' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  // Logging in again, as a person would, fails.
  await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
  const login = dialog(page, 'Inloggen');
  await login.getByLabel('Email', { exact: true }).fill(account.email);
  await login.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(login.getByRole('alert')).toBeVisible();
  await expect(login).toBeVisible();
  const api = await page.request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(api.status()).toBe(401);
  // The old session is gone too.
  const me = await page.request.get('/api/orders', { headers: { authorization: `Bearer ${account.token}` } });
  expect(me.status()).toBe(401);
});
