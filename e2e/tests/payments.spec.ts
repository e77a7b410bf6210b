import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken, newAccount } from '../support/ui.ts';

// Checkout and payments with the built-in payment simulator: the browser really goes to the
// simulator's hosted page, the simulator calls the exchange URL, and the browser comes back.

interface ProductDto {
  id: number;
  type: number;
  stock: number;
  start: string | null;
  is_active: boolean;
  price: number;
  payment_deadline: string | null;
}

/** An Umrah trip (2-person room, adult rate) that departs later and still has room. */
async function bookableTrip(request: APIRequestContext): Promise<ProductDto> {
  const res = await request.get('/api/products', { params: { region: 'NL' } });
  expect(res.ok()).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  // A down payment is possible only until the trip's payment deadline: take a trip still open for it.
  const trip = ((await res.json()).products as ProductDto[]).find(
    (p) => p.type === 2 && p.is_active && p.stock >= 4 && p.start !== null && p.start > today && (p.payment_deadline ?? '9999') >= today,
  );
  if (!trip) throw new Error('no bookable trip in the demo catalog');
  return trip;
}

/** A customer made by the admin API (no captcha needed), logged in by token. */
async function newCustomer(page: Page) {
  const account = newAccount();
  const adminLogin = await page.request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const { token: adminToken } = (await adminLogin.json()) as { token: string };
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      date_of_birth: '1988-03-14',
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

/**
 * Puts one room in the cart the way the room wizard does (SPEC 3 'umrah' entry), once: later
 * navigations in the same tab keep whatever the app made of the cart.
 */
async function seedCart(page: Page, trip: ProductDto, guests: { first: string; last: string; eu?: boolean }[]) {
  const entry = {
    type: 'umrah',
    product_id: trip.id,
    room_type: 2,
    // A mixed room needs every bed filled; a single guest books a men's room.
    room_gender: guests.length === 2 ? 2 : 0,
    exclusive: false,
    extras: [],
    max_guests: 2,
    guests: guests.map((g, i) => ({
      first_name: g.first,
      last_name: g.last,
      age_category: 0,
      gender: i % 2,
      european_passport: g.eu ?? true,
      bed_included: true,
    })),
  };
  await page.addInitScript((cart) => {
    if (window.sessionStorage.getItem('e2e-cart-seeded')) return;
    window.localStorage.setItem('cart', JSON.stringify([cart]));
    window.sessionStorage.setItem('e2e-cart-seeded', '1');
  }, entry);
}

const simulatorPage = (page: Page) => page.waitForURL(/\/api\/payments\/simulator\/SIM-/);

/** The order id from /confirm/{id}. */
async function confirmedOrderId(page: Page): Promise<number> {
  await page.waitForURL(/\/confirm\/\d+/);
  return Number(/\/confirm\/(\d+)/.exec(page.url())![1]);
}

const euro = (cents: number) => {
  const euros = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return cents % 100 === 0 ? `€ ${euros},-` : `€ ${euros},${String(cents % 100).padStart(2, '0')}`;
};

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a customer pays 50 %, sees Aanbetaald and Restbetaling, pays the rest and sees Voltooid; the mails arrive', async ({ page }) => {
  const account = await newCustomer(page);
  const trip = await bookableTrip(page.request);
  await seedCart(page, trip, [
    { first: account.firstName, last: account.lastName },
    { first: 'Yusra', last: account.lastName, eu: false },
  ]);

  await page.goto('/afrekenen');
  await expect(page.getByRole('heading', { name: 'Afrekenen' })).toBeVisible();
  // Logged in: the details are shown read-only, with the note about the account page.
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText('Wijzigingen doe je op je')).toBeVisible();
  const total = page.getByTestId('checkout-total');
  await expect(total).toHaveText(/€ /);
  const totalText = (await total.textContent())!;

  let orderId = 0;
  await test.step('pay the down payment at the simulator', async () => {
    await page.getByRole('button', { name: 'Aanbetaling (50%)' }).click();
    await simulatorPage(page);
    await expect(page.getByText('aanbetaling')).toBeVisible();
    await page.getByRole('button', { name: 'Betalen' }).click();
    orderId = await confirmedOrderId(page);
    const thanks = dialog(page, 'Bedankt voor je aanbetaling!');
    await expect(thanks).toBeVisible();
    await expect(thanks.getByText('We hebben je een mail met je bestelling gestuurd.')).toBeVisible();
    // The cart was emptied when the order was placed.
    expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBe('[]');
  });

  await test.step("'Mijn bestellingen' shows Aanbetaald with a Restbetaling button", async () => {
    await dialog(page, 'Bedankt voor je aanbetaling!').getByRole('button', { name: 'Naar Mijn bestellingen' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/bestellingen/${orderId}$`));
    const order = page.locator(`div[data-order="${orderId}"]`);
    await expect(order.getByTestId('order-status')).toHaveText('Aanbetaald');
    await expect(order.getByText(totalText).first()).toBeVisible();
    await expect(order.getByRole('button', { name: 'Volledig betalen' })).toHaveCount(0);
    await expect(order.getByRole('button', { name: 'Restbetaling' })).toBeVisible();
  });

  await test.step('pay the rest and see Voltooid', async () => {
    await page.locator(`div[data-order="${orderId}"]`).getByRole('button', { name: 'Restbetaling' }).click();
    await simulatorPage(page);
    await expect(page.getByText('restbetaling')).toBeVisible();
    await page.getByRole('button', { name: 'Betalen' }).click();
    expect(await confirmedOrderId(page)).toBe(orderId);
    await expect(dialog(page, 'Bedankt voor je bestelling!')).toBeVisible();
    await page.goto(`/account/bestellingen/${orderId}`);
    const order = page.locator(`div[data-order="${orderId}"]`);
    await expect(order.getByTestId('order-status')).toHaveText('Voltooid');
    await expect(order.getByTestId('order-open')).toHaveText(euro(0));
    await expect(order.getByRole('button', { name: 'Restbetaling' })).toHaveCount(0);
  });

  await test.step('the confirmation and both payment mails reached the SMTP server', async () => {
    const number = `FCU2${orderId}`;
    const confirmation = await waitForMail(account.email, { subject: `Bevestiging van je bestelling ${number}` });
    expect(confirmation.text).toContain(number);
    const down = await waitForMail(account.email, { subject: `Aanbetaling ontvangen – bestelling ${number}` });
    expect(down.text).toContain('Nog te betalen');
    const full = await waitForMail(account.email, { subject: `Betaling ontvangen – bestelling ${number} is volledig betaald` });
    expect(full.text).toContain(totalText);
  });
});

test('cancelling at the provider shows the cancelled dialog and leaves the order unpaid', async ({ page }) => {
  const account = await newCustomer(page);
  const trip = await bookableTrip(page.request);
  await seedCart(page, trip, [{ first: account.firstName, last: account.lastName }]);
  await page.goto('/afrekenen');
  await page.getByRole('button', { name: 'Volledig betalen' }).click();
  await simulatorPage(page);
  await page.getByRole('button', { name: 'Annuleren' }).click();
  const orderId = await confirmedOrderId(page);
  const cancelled = dialog(page, 'Bestelling geannuleerd');
  await expect(cancelled.getByText('Jammer dat je je bestelling hebt geannuleerd.')).toBeVisible();
  await cancelled.getByRole('button', { name: 'Naar de homepage' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/account/bestellingen/${orderId}`);
  const order = page.locator(`div[data-order="${orderId}"]`);
  await expect(order.getByTestId('order-status')).toHaveText('Niet betaald');
  await expect(order.getByRole('button', { name: 'Volledig betalen' })).toBeVisible();
  // Nothing paid yet: a customer whose full payment failed may fall back to 50 % (docs/RULES.md, 'Screens: My orders').
  await expect(order.getByRole('button', { name: 'Aanbetaling 50%' })).toBeVisible();
  // Only the confirmation: no payment mail for a cancelled payment.
  await waitForMail(account.email, { subject: `Bevestiging van je bestelling FCU2${orderId}` });
  expect(mailsFor(account.email).filter((m) => m.subject.includes('ontvangen'))).toHaveLength(0);
});

test('checkout asks a visitor to log in, and an empty cart goes back home', async ({ page }) => {
  const trip = await bookableTrip(page.request);
  await seedCart(page, trip, [{ first: 'Anoniem', last: 'Bezoeker' }]);
  await page.goto('/afrekenen');
  await expect(page.getByRole('heading', { name: 'Bestaande klant' })).toBeVisible();
  await page.getByRole('button', { name: 'Volledig betalen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Log in om je betaling af te ronden.' })).toBeVisible();
  await expect(page).toHaveURL(/\/afrekenen$/);

  await page.evaluate(() => window.localStorage.setItem('cart', '[]'));
  await page.goto('/afrekenen');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/confirm/abc');
  await expect(page).toHaveURL(/\/$/);
});

test("staff add, change and delete a manual payment in the admin 'Betalingen' tab", async ({ page, browser }) => {
  const account = await newCustomer(page);
  const trip = await bookableTrip(page.request);
  const token = account.token;
  // An order of the customer, placed through the API as checkout does.
  const created = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      rooms: [
        {
          product_id: trip.id,
          room_type: 2,
          room_gender: 0,
          guests: [{ first_name: account.firstName, last_name: account.lastName, age_category: 0 }],
        },
      ],
      flex: JSON.stringify({ pay_partly: false, discounts: [] }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = ((await created.json()) as { order: { id: number; total_price: number } }).order;
  const orderId = order.id;
  // A down payment is at least half the total (docs/MONEY.md) (less is 'In behandeling'): staff book that share.
  const half = Math.round(order.total_price / 2);
  const typed = `${Math.floor(half / 100)},${String(half % 100).padStart(2, '0')}`;

  // The admin works in a browser of their own: the token in localStorage is per browser.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await acceptCookies(adminPage);
  await loginByToken(adminPage, DEMO.admin.email, DEMO.admin.password);
  await adminPage.goto('/admin?tab=betalingen');
  await expect(adminPage.getByRole('heading', { name: 'Betalingen', exact: true })).toBeVisible();

  await adminPage.getByRole('button', { name: 'Betaling toevoegen' }).click();
  let modal = dialog(adminPage, 'Betaling toevoegen');
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(modal.getByText('Betalingsmethode is verplicht!')).toBeVisible();
  await expect(modal.getByText('Bedrag is verplicht!')).toBeVisible();
  await modal.getByLabel('Bestelnummer').fill(String(orderId));
  await modal.getByLabel('Betalingsmethode').click();
  await adminPage.getByRole('option', { name: 'Bankoverschrijving', exact: true }).click();
  await modal.getByLabel('Bedrag (€)').fill('250');
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(adminPage.getByText('Betaling is succesvol aangemaakt.')).toBeVisible();
  await expect(modal).toBeHidden();

  await adminPage.getByLabel('Zoek op bestelnummer').fill(`FCU2${orderId}`);
  const row = adminPage
    .getByRole('table', { name: 'Betalingen' })
    .getByRole('row')
    .filter({ hasText: `FCU2${orderId}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('€ 250,-');
  await expect(row).toContainText('Bankoverschrijving');

  // Less than half the total: 'In behandeling', with the payment mail (not the down-payment one).
  await page.goto(`/account/bestellingen/${orderId}`);
  await expect(page.locator(`div[data-order="${orderId}"]`).getByTestId('order-status')).toHaveText('In behandeling');
  await waitForMail(account.email, { subject: `Betaling ontvangen – bestelling FCU2${orderId}` });

  await row.getByRole('button', { name: 'Wijzigen' }).click();
  modal = dialog(adminPage, /Betaling \d+ wijzigen/);
  await modal.getByLabel('Bedrag (€)').fill(typed);
  await modal.getByRole('button', { name: 'Opslaan' }).click();
  await expect(adminPage.getByText('Betaling is succesvol gewijzigd.')).toBeVisible();
  await expect(row).toContainText(euro(half));

  // The customer sees the changed payment: the order is now a down payment.
  await page.reload();
  await expect(page.locator(`div[data-order="${orderId}"]`).getByTestId('order-status')).toHaveText('Aanbetaald');
  await expect(page.locator(`div[data-order="${orderId}"]`).getByTestId('order-paid')).toHaveText(euro(half));

  await row.getByRole('button', { name: 'Verwijderen' }).click();
  await dialog(adminPage, 'Betaling verwijderen').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(adminPage.getByText('Betaling is verwijderd.')).toBeVisible();
  await expect(adminPage.getByText('Er zijn geen betalingen gevonden.')).toBeVisible();
  await page.reload();
  await expect(page.locator(`div[data-order="${orderId}"]`).getByTestId('order-status')).toHaveText('Niet betaald');
  await adminContext.close();
});
