import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatEuro } from '@umrah/domain/money';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken } from '../support/ui.ts';

// Admin 'Dashboard' → 'Bestellingen': the admin finds a customer's half-paid order by its number,
// changes its discount codes (the server prices it again), sees the payment modal preset to the
// order, cancels it, and gets the down-payment credit note instead of the cancel action.

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** One adult in a women's 2-person room of a trip that still has room, ordered by the demo customer. */
async function halfPaidOrder(page: Page, adminToken: string) {
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
      rooms: [{ product_id: trip.id, room_type: 2, room_gender: 1, guests: [{ first_name: 'Maryam', last_name: 'Annulering', age_category: 0 }] }],
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
  return { id: order.id, total: order.total_price, paid: half };
}

test('an admin finds a half-paid order, changes its discount codes, cancels it and gets the down-payment credit note', async ({ page }) => {
  await acceptCookies(page);
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const order = await halfPaidOrder(page, adminToken);
  const number = `FCU2${order.id}`;
  await loginByToken(page, DEMO.admin.email, DEMO.admin.password);

  const row = page.locator(`tr[data-order="${order.id}"]`);
  const details = page.locator(`tr[data-order-details="${order.id}"]`);

  await test.step('searching by order number finds it in the orders list, down-paid', async () => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Bestellingen' })).toBeVisible();
    // The mail outbox is still on the dashboard, below the orders.
    await expect(page.getByRole('heading', { name: 'Verstuurde mails' })).toBeVisible();
    await page.getByLabel('Zoeken', { exact: true }).fill(number);
    await expect(page.locator('tr[data-order]')).toHaveCount(1);
    await expect(row).toContainText(number);
    await expect(row).toContainText(DEMO.customer.name);
    await expect(row).toContainText(DEMO.customer.email);
    await expect(row.getByTestId('order-status')).toHaveText('Aanbetaald');
    await expect(row).toContainText(formatEuro(order.total));
    await expect(row).toContainText(formatEuro(order.paid));
    await expect(row.getByTestId('order-open')).toHaveText(formatEuro(order.total - order.paid));

    await row.getByRole('button', { name: `Details ${number}` }).click();
    await expect(details).toContainText('Maryam Annulering (volwassene)');
    await expect(details.getByRole('button', { name: 'Aanbetalingsbewijs (PDF)' })).toBeVisible();
    await expect(details.getByRole('button', { name: /^Credit/ })).toHaveCount(0);
  });

  await test.step("'Kortingen wijzigen': an unknown code is refused with the server's text, WELKOM50 lowers the total", async () => {
    await details.getByRole('button', { name: 'Kortingen wijzigen' }).click();
    const modal = dialog(page, `Kortingen wijzigen – ${number}`);
    const codes = modal.getByRole('combobox', { name: 'Kortingscodes' });
    await codes.fill('BESTAATNIET');
    await codes.press('Enter');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Deze kortingscode bestaat niet.');

    await codes.press('Backspace');
    await codes.fill('WELKOM50');
    await codes.press('Enter');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(`Bestelling succesvol gewijzigd. Nieuw totaal: ${formatEuro(order.total - 5000)}.`)).toBeVisible();
    await expect(modal).toBeHidden();
    order.total -= 5000;
    await expect(row.getByTestId('order-open')).toHaveText(formatEuro(order.total - order.paid));
    await expect(details).toContainText('Kortingscode WELKOM50');
  });

  await test.step("'Betaling toevoegen' opens the payment modal for this order", async () => {
    await details.getByRole('button', { name: 'Betaling toevoegen' }).click();
    const modal = dialog(page, `Betaling toevoegen – ${number}`);
    await expect(modal.getByLabel('Bestelnummer')).toHaveValue(String(order.id));
    await expect(modal.getByLabel('Bestelnummer')).toBeDisabled();
    await modal.getByRole('button', { name: 'Annuleren' }).click();
    await expect(modal).toBeHidden();
  });

  await test.step('cancelling after confirmation: the server message, status Geannuleerd, the credit note', async () => {
    const mailsBefore = mailsFor(DEMO.customer.email).length;
    await details.getByRole('button', { name: 'Annuleren' }).click();
    const confirm = dialog(page, `Bestelling ${number} annuleren`);
    await expect(confirm).toContainText('de creditnota aanbetaling gaat als bijlage mee');
    await confirm.getByRole('button', { name: 'Bestelling annuleren' }).click();
    await expect(page.getByText('Bestelling is geannuleerd.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row.getByTestId('order-status')).toHaveText('Geannuleerd');
    await expect(row.getByTestId('order-open')).toHaveText('-');
    await expect(details.getByRole('button', { name: 'Annuleren' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Kortingen wijzigen' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Betaling toevoegen' })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Creditfactuur (PDF)' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('admin-orders-cancelled.png'), fullPage: true });

    const credit = details.getByRole('button', { name: 'Creditnota aanbetaling (PDF)' });
    await expect(credit).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), credit.click()]);
    expect(download.suggestedFilename()).toBe(`creditnota-aanbetaling-FCU${order.id}.pdf`);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const mail = await waitForMail(DEMO.customer.email, { subject: `Annulering van je bestelling ${number}`, after: mailsBefore });
    expect(mail.attachments.map((a) => a.filename)).toContain(`creditnota-aanbetaling-FCU${order.id}.pdf`);
  });
});
