import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, loginByToken, newAccount, registerThroughUi } from '../support/ui.ts';

// The office's day (docs/OFFICE.md) in Chromium: 'Openstaand' in the dashboard filtered by one trip, three
// orders selected and reminded at once (each order's log has it, the mails arrive at the suite's
// SMTP server); on the trip page an order card cancels its order; and the guest contact list
// downloads with the phone number the booker entered at registration.

interface Product {
  id: number;
  type: number;
  stock: number;
  start: string | null;
  is_active: boolean;
  label: string;
}

async function apiLogin(page: Page, email: string, password: string): Promise<string> {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Two stocked Firstclass 2-person trips that the other specs leave alone: the latest belongs to
 * trips.spec and the earliest to the ordering specs, so the ones before the latest are taken.
 */
type QuietTrip = { id: number; start: string };

async function quietTrips(page: Page): Promise<[QuietTrip, QuietTrip]> {
  const res = await page.request.get('/api/products', { params: { region: 'NL' } });
  const products = ((await res.json()) as { products: Product[] }).products;
  const today = new Date().toISOString().slice(0, 10);
  const trips = products
    .filter((p) => p.is_active && p.type === 2 && p.start !== null && p.start > today && p.stock >= 10 && p.label.includes('Firstclass'))
    .sort((a, b) => a.start!.localeCompare(b.start!));
  expect(trips.length, 'at least four stocked Firstclass trips in the demo catalog').toBeGreaterThanOrEqual(4);
  const quiet = (p: Product | undefined): QuietTrip => {
    if (!p?.start) throw new Error('a stocked Firstclass trip with a start');
    return { id: p.id, start: p.start };
  };
  return [quiet(trips.at(-2)), quiet(trips.at(-3))];
}

/** A 2-person men's room with one adult, ordered with this customer's token; `pay` cents booked by the admin. */
async function order(page: Page, token: string, adminToken: string, productId: number, name: string, pay: 'none' | 'half') {
  const created = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      rooms: [{ product_id: productId, room_type: 2, room_gender: 0, guests: [{ first_name: name, last_name: 'Kantoor', age_category: 0 }] }],
      flex: JSON.stringify({ pay_partly: true }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, total_price } = (await created.json()).order as { id: number; total_price: number };
  if (pay === 'half') {
    const paid = await page.request.post('/api/payment', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { order_id: id, payment_type: 3, amount: Math.round(total_price / 2) },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  }
  return { id, number: `FCU2${id}`, total: total_price };
}

/** A new customer made by the admin API (no captcha), with a token. */
async function apiCustomer(page: Page, adminToken: string) {
  const account = newAccount({ firstName: 'Nadia', lastName: 'Openstaand' });
  const created = await page.request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      date_of_birth: '1985-05-01',
      nationality: 'NL',
      phone_number: account.phone,
      address: account.address,
      zip: account.zip,
      city: account.city,
      country: 'NL',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { email: account.email, token: await apiLogin(page, account.email, account.password) };
}

async function download(page: Page, button: Locator) {
  const [d] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await d.path();
  expect(path).toBeTruthy();
  return { download: d, path: path! };
}

test("'Openstaand': filtered by one trip, three orders reminded at once, each order's log has it and the mails arrive", async ({ page }) => {
  test.setTimeout(150_000);
  await acceptCookies(page);
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const [trip, otherTrip] = await quietTrips(page);
  const klant = await apiCustomer(page, adminToken);
  const mine = [
    await order(page, klant.token, adminToken, trip.id, 'Eerste', 'none'),
    await order(page, klant.token, adminToken, trip.id, 'Tweede', 'half'),
    await order(page, klant.token, adminToken, trip.id, 'Derde', 'none'),
  ] as const;
  const elsewhere = await order(page, klant.token, adminToken, otherTrip.id, 'Elders', 'none');
  await loginByToken(page, DEMO.admin.email, DEMO.admin.password);

  const section = page.getByRole('region', { name: 'Openstaand' });
  const row = (o: { id: number }) => section.locator(`tr[data-open-order="${o.id}"]`);

  await test.step("the dashboard's 'Openstaand' tab, filtered by the trip", async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Openstaand' }).click();
    await expect(section.getByRole('table', { name: 'Openstaande bestellingen' })).toBeVisible();
    await expect(row(elsewhere)).toBeVisible();
    const [y, m, d] = trip.start.split('-') as [string, string, string];
    await section.getByLabel('Reis', { exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`\\(${d}-${m}-${y}\\)`) }).click();
    for (const o of mine) await expect(row(o)).toBeVisible();
    await expect(row(elsewhere)).toHaveCount(0);
    await expect(row(mine[1])).toContainText('Aanbetaald');
    await expect(section.getByTestId('open-total-bestellingen')).not.toHaveText('0');
  });

  await test.step('three orders selected; one confirmation, a progress indicator, the result', async () => {
    for (const o of mine)
      await row(o)
        .getByRole('checkbox', { name: `Selecteer ${o.number}` })
        .check();
    await section.getByRole('button', { name: 'Betalingsherinnering versturen (3)' }).click();
    const modal = dialog(page, 'Betalingsherinnering versturen');
    await expect(modal).toContainText(mine.map((o) => o.number).join(', '));
    await modal.getByRole('button', { name: 'Verzoek versturen naar 3 bestellingen' }).click();
    await expect(modal.getByRole('progressbar', { name: 'Voortgang herinneringen' })).toBeVisible();
    await expect(modal.getByText('3 van 3 verwerkt')).toBeVisible();
    await expect(modal).toContainText('3 herinneringen verstuurd.');
    await modal.getByRole('button', { name: 'Sluiten' }).last().click();
    await expect(modal).toBeHidden();
    for (const o of mine) await expect(row(o).getByTestId('open-last-reminder')).toContainText('Verzoek');
  });

  await test.step("each order's reminder log shows the request with the admin's email", async () => {
    for (const o of mine) {
      await row(o)
        .getByRole('button', { name: `Herinneringen ${o.number}` })
        .click();
      const modal = dialog(page, `Betalingsherinneringen – ${o.number}`);
      const log = modal.getByRole('region', { name: 'Logboek herinneringen' });
      await expect(log).toContainText(`Betalingsherinnering 'Verzoek' verstuurd naar ${klant.email}`);
      await expect(log).toContainText(DEMO.admin.email);
      await modal.getByRole('button', { name: 'Sluiten' }).first().click();
      await expect(modal).toBeHidden();
    }
  });

  await test.step('the three mails are at the SMTP server', async () => {
    for (const o of mine) {
      const mail = await waitForMail(klant.email, { subject: `Betaling van je bestelling ${o.number}` });
      expect(mail.text).toContain('Openstaand bedrag:');
    }
    expect(mailsFor(klant.email).filter((m) => m.subject.startsWith('Betaling van je bestelling'))).toHaveLength(3);
  });

  await test.step('the same list as CSV opens in Dutch Excel as columns', async () => {
    const csv = await download(page, section.getByRole('button', { name: 'Openstaand als CSV' }));
    const lines = readFileSync(csv.path, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Bestelnummer;Status;Klant;E-mail;Reis;Vertrek;Betaaltermijn;Totaal;Betaald;Open;Laatste herinnering');
    for (const o of mine) expect(lines.some((l) => l.startsWith(`${o.number};`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`${elsewhere.number};`))).toBe(false);
    await page.screenshot({ path: test.info().outputPath('openstaand.png'), fullPage: true });
  });
});

test('the trip page: an order card cancels its order, and the contact list has the phone number entered at registration', async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  const [trip] = await quietTrips(page);
  const adminToken = await apiLogin(page, DEMO.admin.email, DEMO.admin.password);
  const phone = '06 1357 2468';
  const account = newAccount({ firstName: 'Rachid', lastName: 'Contact', phone });

  await test.step('a customer registers with a phone number and books twice (both down-paid)', async () => {
    await page.goto('/');
    await registerThroughUi(page, account);
  });
  const token = await apiLogin(page, account.email, account.password);
  const keep = await order(page, token, adminToken, trip.id, 'Blijft', 'half');
  const cancel = await order(page, token, adminToken, trip.id, 'Annuleert', 'half');
  await loginByToken(page, DEMO.admin.email, DEMO.admin.password);
  const card = (o: { id: number }) => page.locator(`article[data-order="${o.id}"]`);

  await test.step("the trip page's order card has the dashboard's actions; 'Annuleren' cancels the order", async () => {
    await page.goto(`/admin?tab=reisoverzichten&reis=${trip.start}`);
    await expect(card(cancel)).toBeVisible();
    const actions = card(cancel).getByRole('group', { name: 'Acties' });
    for (const name of [
      'Annuleren',
      'Kortingen wijzigen',
      'Betaling toevoegen',
      'Snel bewerken',
      'Herinneringen betaling',
      'Herinneringen documenten',
    ]) {
      await expect(actions.getByRole('button', { name })).toBeVisible();
    }
    await actions.getByRole('button', { name: 'Annuleren' }).click();
    const modal = dialog(page, `Bestelling ${cancel.number} annuleren`);
    await modal.getByRole('button', { name: 'Bestelling annuleren' }).click();
    await expect(page.getByText('Bestelling is geannuleerd.')).toBeVisible();
    await expect(modal).toBeHidden();
    // A cancelled order no longer travels: its card leaves the trip page, the other stays.
    await expect(card(cancel)).toHaveCount(0);
    await expect(card(keep)).toBeVisible();
    const status = await page.request.get(`/api/order/${cancel.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(((await status.json()) as { order: { status: number } }).order.status).toBe(3);
    await waitForMail(account.email, { subject: new RegExp(cancel.number) });
    // The dashboard's details open on the card too: the guests and the order's log.
    await card(keep).getByRole('button', { name: 'Details en logboek' }).click();
    await expect(card(keep).getByRole('region', { name: `Logboek van bestelling ${keep.number}` })).toBeVisible();
    await expect(card(keep).locator('[data-guest-documents]')).toHaveCount(1);
  });

  await test.step('the contact list downloads as Excel and PDF with the booker’s phone number', async () => {
    await page.getByRole('button', { name: 'Contactlijst' }).click();
    const modal = dialog(page, /^Contactlijst – /);
    const xlsx = await download(page, modal.getByRole('button', { name: 'Contactlijst als Excel' }));
    expect(xlsx.download.suggestedFilename()).toBe(`contactlijst-${trip.start}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    expect(rows[0]).toEqual(['Kamer', 'Gast', 'Boeker', 'Telefoon', 'E-mail', 'Opmerking']);
    const guest = rows.find((r) => r[1] === 'Blijft Kantoor');
    expect(guest?.slice(2, 5)).toEqual(['Rachid Contact', phone, account.email]);
    expect(rows.some((r) => r[1] === 'Annuleert Kantoor')).toBe(false);

    const pdf = await download(page, modal.getByRole('button', { name: 'Contactlijst als PDF' }));
    expect(pdf.download.suggestedFilename()).toBe(`contactlijst-${trip.start}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', pdf.path, '-']).toString('utf8');
    expect(text).toContain('Contactlijst reizigers');
    expect(text).toContain(phone);
    await modal.getByRole('button', { name: 'Sluiten' }).click();
  });
});
