import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCookies, dialog, loginByToken, newAccount } from '../support/ui.ts';

// Quotes: an admin makes one in 'Maak offerte aan' for a customer; the customer opens
// /offerte/{token} without logging in and pays it at the payment simulator; the page then shows
// the payment.

/** A customer made through the admin API (no captcha needed). */
async function newCustomer(page: Page) {
  const account = newAccount({ firstName: 'Imane', lastName: 'Offerte' });
  const login = await page.request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const { token } = (await login.json()) as { token: string };
  const res = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      date_of_birth: '1990-01-20',
      nationality: account.nationality,
      phone_number: account.phone,
      address: account.address,
      zip: account.zip,
      city: account.city,
      country: account.country,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as { user: { user_id: number } };
  return { ...account, id: user.user_id };
}

test('an admin makes a quote, the customer opens it without login and pays it at the simulator', async ({ page, browser }) => {
  await acceptCookies(page);
  const customer = await newCustomer(page);
  await loginByToken(page, DEMO.admin.email, DEMO.admin.password);

  let link = '';
  let quoteId = 0;
  await test.step("the admin adds a quote in 'Maak offerte aan'", async () => {
    await page.goto('/admin?tab=offertes');
    await expect(page.getByRole('heading', { name: 'Maak offerte aan' })).toBeVisible();
    await page.getByRole('button', { name: 'Offerte toevoegen' }).click();
    const modal = dialog(page, 'Offerte toevoegen');
    await expect(modal).toBeVisible();

    // Without anything filled in, the shared schema's messages show.
    await modal.getByRole('button', { name: 'Item 1 verwijderen' }).click();
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(modal.getByText('Minimaal 1 item!')).toBeVisible();
    await expect(modal.getByText('Vervaldatum is verplicht!')).toBeVisible();
    await expect(modal.getByText('Gebruiker is verplicht!')).toBeVisible();

    await modal.getByLabel('Vervaldatum').fill('2099-12-31');
    const picker = modal.getByRole('combobox', { name: 'Gebruiker' });
    await picker.click();
    await picker.fill(customer.email);
    await page.getByRole('option', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) }).click();

    await modal.getByRole('button', { name: 'Item toevoegen' }).click();
    const item = modal.getByTestId('quote-item').first();
    await item.getByLabel('Naam').fill('Umrah op maat – vlucht en hotel');
    await item.getByLabel('Bedrag (€)').fill('25000');
    await item.getByLabel('Aantal').fill('2');
    // 2 × € 25.000 is not under € 50.000.
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(modal.getByText('Offerte kan maximaal 50k zijn, de betaalprovider accepteert max 50k per offerte.')).toBeVisible();

    await item.getByLabel('Bedrag (€)').fill('1250,50');
    await expect(modal.getByTestId('quote-form-total')).toHaveText('€ 2.501,-');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(`Offerte is succesvol aangemaakt voor gebruiker ${customer.id}.`)).toBeVisible();
    await expect(modal).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) });
    await expect(row).toContainText('€ 2.501,-');
    await expect(row).toContainText('Open');
    link = (await row.getByRole('link', { name: /Openbare pagina/ }).getAttribute('href'))!;
    expect(link).toMatch(/^\/offerte\/[A-Za-z0-9_-]{43}$/);
    quoteId = Number((await row.getAttribute('data-invoice'))!);
  });

  // A fresh browser context: no token, no cookies.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await acceptCookies(guest);

  await test.step('the customer opens the quote without logging in', async () => {
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: `Offerte nr #FCU2${quoteId}` })).toBeVisible();
    const items = guest.getByRole('table', { name: 'Artikelen' });
    await expect(items.getByRole('row', { name: /Umrah op maat – vlucht en hotel/ })).toContainText('€ 1.250,50');
    await expect(guest.getByTestId('quote-total-excl')).toHaveText('€ 2.066,94');
    await expect(guest.getByTestId('quote-vat-21')).toHaveText('€ 434,06');
    await expect(guest.getByTestId('quote-total-incl')).toHaveText('€ 2.501,-');
    await expect(guest.getByTestId('quote-valid-until')).toHaveText('31-12-2099');
    await expect(guest.getByRole('table', { name: 'Betalingen' })).toHaveCount(0);
  });

  await test.step('pays it at the simulator and comes back to the quote showing the payment', async () => {
    await guest.getByRole('button', { name: 'Betalen (€ 2.501,-)' }).click();
    await guest.waitForURL(/\/api\/payments\/simulator\/SIM-/);
    await expect(guest.getByText('€ 2.501,-')).toBeVisible();
    await guest.getByRole('button', { name: 'Betalen' }).click();
    await guest.waitForURL(new RegExp(`${link}\\?`));
    await expect(guest.getByText('Bedankt voor je betaling')).toBeVisible();
    const payments = guest.getByRole('table', { name: 'Betalingen' });
    await expect(payments.getByRole('row', { name: /Online betaald/ })).toContainText('€ 2.501,-');
    await expect(guest.getByTestId('quote-status')).toHaveText('Betaald');
    await expect(guest.getByRole('button', { name: /Betalen/ })).toHaveCount(0);
  });

  await test.step("the customer, once logged in, finds it under 'Mijn bestellingen'", async () => {
    await loginByToken(guest, customer.email, customer.password);
    await guest.goto('/account/bestellingen');
    const card = guest.locator(`[data-quote="${quoteId}"]`);
    await expect(card.getByText(`Offerte nr #FCU2${quoteId}`)).toBeVisible();
    await expect(card.getByText('Betaald', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Bekijken' })).toHaveAttribute('href', link);
  });

  await test.step('the admin list shows it paid', async () => {
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(customer.email.replace(/[.+]/g, '\\$&')) });
    await expect(row.getByText('Betaald', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Wijzigen' })).toBeDisabled();
  });

  await visitor.close();
});

test('a guessed token shows Geen geldige token.', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/offerte/dit-is-geen-echte-token-1234567890');
  await expect(page.getByText('Geen geldige token.')).toBeVisible();
});

test("'Mijn bestellingen' offers the down-payment proof of a half-paid order; the admin downloads its credit note after cancelling", async ({
  page,
  browser,
}) => {
  await acceptCookies(page);
  const customer = await newCustomer(page);
  const customerToken = await loginByToken(page, customer.email, customer.password);
  const adminLogin = await page.request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const { token: adminToken } = (await adminLogin.json()) as { token: string };

  // An order of one adult on a trip that still has room, half paid by bank transfer (staff).
  const products = (await (await page.request.get('/api/products', { params: { region: 'NL' } })).json()).products as {
    id: number;
    type: number;
    stock: number;
    start: string | null;
    is_active: boolean;
  }[];
  const today = new Date().toISOString().slice(0, 10);
  const trip = products.find((p) => p.type === 2 && p.is_active && p.stock >= 2 && p.start !== null && p.start > today)!;
  const created = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: {
      rooms: [{ product_id: trip.id, room_type: 2, room_gender: 1, guests: [{ first_name: 'Imane', last_name: 'Offerte', age_category: 0 }] }],
      flex: JSON.stringify({ pay_partly: true }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).order as { id: number; total_price: number };
  const half = Math.round(order.total_price / 2);
  const paid = await page.request.post('/api/payment', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { order_id: order.id, payment_type: 3, amount: half },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  await test.step('the customer downloads the down-payment proof; there is no invoice yet', async () => {
    await page.goto(`/account/bestellingen/${order.id}`);
    const panel = page.locator(`div[data-order="${order.id}"]`);
    await expect(panel.getByRole('button', { name: 'Aanbetalingsbewijs (PDF)' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Factuur (PDF)' })).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Aanbetalingsbewijs (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`aanbetalingsbewijs-FCU${order.id}.pdf`);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step("after cancelling, the admin finds the credit note under 'Facturen/aanbetalingsbewijzen'", async () => {
    const cancelled = await page.request.post(`/api/order/cancel/${order.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect((await cancelled.json()).credit_document).toBe('down_payment_credit');
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await acceptCookies(admin);
    await admin.addInitScript((t) => window.localStorage.setItem('token', t), adminToken);
    await admin.goto('/admin?tab=facturen');
    await admin.getByLabel('Bestelnummer').fill(`FCU2${order.id}`);
    await admin.getByRole('button', { name: 'Zoeken' }).click();
    // The order found (the quote list below may hold a quote with the same number).
    await expect(admin.locator('strong').getByText(`FCU2${order.id}`, { exact: true })).toBeVisible();
    const credit = admin.getByRole('button', { name: 'Creditnota aanbetaling (PDF)' });
    await expect(credit).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Creditfactuur (PDF)' })).toHaveCount(0);
    const [download] = await Promise.all([admin.waitForEvent('download'), credit.click()]);
    expect(download.suggestedFilename()).toBe(`creditnota-aanbetaling-FCU${order.id}.pdf`);
    await adminContext.close();
  });
});
