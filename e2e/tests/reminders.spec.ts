import { expect, test, type Page } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { formatEuro } from '@umrah/domain/money';
import { linkIn, mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken } from '../support/ui.ts';

// Reminders (docs/OFFICE.md) in Chromium: an admin opens a customer's unpaid order, sends the payment request from
// the 'Herinneringen betaling' popup (the mail arrives at the SMTP server, the step shows as sent,
// the order's log has it with the admin's email), then renames a guest with 'Snel bewerken' and
// sees the new name and the log line.

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Two adults in a men's 2-person room of a trip that still has room, ordered by the demo customer. */
async function unpaidOrder(page: Page) {
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
      rooms: [
        {
          product_id: trip.id,
          room_type: 2,
          room_gender: 0,
          guests: [
            { first_name: 'Ahmed', last_name: 'Herinnering', age_category: 0 },
            { first_name: 'Yusuf', last_name: 'Herinnering', age_category: 0 },
          ],
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()).order as { id: number; total_price: number; rooms: { guests: { id: number }[] }[] };
  return { id: order.id, total: order.total_price, secondGuest: must(order.rooms[0]?.guests[1], 'the second guest').id };
}

test('an admin sends a payment reminder from the popup, sees it in the log, quick edits a guest name and sees that too', async ({ page }) => {
  await acceptCookies(page);
  const order = await unpaidOrder(page);
  const number = `FCU2${order.id}`;
  await loginByToken(page, DEMO.admin.email, DEMO.admin.password);

  const row = page.locator(`tr[data-order="${order.id}"]`);
  const details = page.locator(`tr[data-order-details="${order.id}"]`);
  const log = details.getByRole('region', { name: `Logboek van bestelling ${number}` });

  await test.step('the unpaid order is found among the leads and opened', async () => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Bestellingen' })).toBeVisible();
    await page.getByLabel('Zoeken', { exact: true }).fill(number);
    await expect(row).toContainText(number);
    await row.getByRole('button', { name: `Details ${number}` }).click();
    await expect(details).toContainText('Yusuf Herinnering (volwassene)');
  });

  await test.step("'Herinneringen betaling': the request is sent, shown as sent by the admin, and the mail arrives", async () => {
    const mailsBefore = mailsFor(DEMO.customer.email).length;
    await details.getByRole('button', { name: 'Herinneringen betaling' }).click();
    const modal = dialog(page, `Betalingsherinneringen – ${number}`);
    await expect(modal).toContainText(`Open: ${formatEuro(order.total)}`);
    const request = modal.locator('tr[data-reminder-step="6"]');
    await expect(request).toContainText('Nog niet');
    await expect(modal.getByText('Nog geen herinneringen verstuurd.')).toBeVisible();

    await modal.getByRole('button', { name: 'Verzoek versturen' }).click();
    await expect(page.getByText(`Herinnering is verstuurd. Verzoek ging naar ${DEMO.customer.email}.`)).toBeVisible();
    await expect(request).toContainText('Verstuurd');
    await expect(request).toContainText(`door ${DEMO.admin.email}`);
    // The next step is now the first reminder (the filled button).
    await expect(modal.locator('tr[data-reminder-step="7"]').getByRole('button', { name: 'Eerste herinnering versturen' })).toBeVisible();
    await expect(modal.getByRole('region', { name: 'Logboek herinneringen' })).toContainText(
      `Betalingsherinnering 'Verzoek' verstuurd naar ${DEMO.customer.email}`,
    );
    await modal.getByRole('button', { name: 'Sluiten' }).first().click();
    await expect(modal).toBeHidden();

    const mail = await waitForMail(DEMO.customer.email, { subject: `Betaling van je bestelling ${number}`, after: mailsBefore });
    expect(mail.text).toContain(`Openstaand bedrag: ${formatEuro(order.total)}`);
    expect(linkIn(mail, 'http://localhost')).toMatch(new RegExp(`/account/bestellingen/${order.id}$`));
  });

  await test.step("the order's log shows the reminder with the admin's email", async () => {
    await expect(log).toContainText(`Betalingsherinnering 'Verzoek' verstuurd naar ${DEMO.customer.email}`);
    await expect(log).toContainText(DEMO.admin.email);
  });

  await test.step("'Snel bewerken': the second guest renamed, the new name in the order and in its log", async () => {
    await details.getByRole('button', { name: 'Snel bewerken' }).click();
    const modal = dialog(page, `Snel bewerken – ${number}`);
    const firstName = modal.getByLabel('Voornaam reiziger 2');
    await expect(firstName).toHaveValue('Yusuf');
    // An empty name is refused in the form with the order form's message.
    await firstName.fill('');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(modal).toContainText('Voornaam is verplicht!');
    await firstName.fill('Yusuf-Ali');
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(`Bestelling is bijgewerkt. Nieuw totaal: ${formatEuro(order.total)}.`)).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(details).toContainText('Yusuf-Ali Herinnering (volwassene)');
    await expect(log).toContainText(`Snel bewerkt: Reiziger #${order.secondGuest}: Yusuf Herinnering → Yusuf-Ali Herinnering.`);
    await page.screenshot({ path: test.info().outputPath('reminders-quick-edit.png'), fullPage: true });
  });
});
