import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { formatEuro } from '@umrah/domain/money';
import { DEMO, acceptCookies, dialog, fillAccountFields, loginByToken, newAccount, solveCaptcha, userMenuButton } from '../support/ui.ts';

// Ordering (docs/RULES.md, 'Screens: Room wizard', 'Admin cart'): the room wizard in the order modal, the cart with vouchers, the admin cart
// that orders for a chosen customer, and the admin voucher tab. Expected amounts are worked out here
// from the catalog's prices and the rules of docs/RULES.md, 'Constants' (exclusive room +product 999, child without bed
// −'kid-without-bed'), and compared with what the server answers.

interface ApiProduct {
  id: number;
  type: number;
  label: string;
  start: string | null;
  end: string | null;
  price: number;
  stock: number;
  is_active: boolean;
  flex: { type_class: number };
}

const today = () => new Date().toISOString().slice(0, 10);

async function catalog(request: APIRequestContext): Promise<ApiProduct[]> {
  const res = await request.get('/api/products', { params: { region: 'NL' } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ApiProduct[] }).products;
}

/** A seeded Firstclass package that departs later with room left, and its products by type. */
async function seededPackage(request: APIRequestContext) {
  const products = await catalog(request);
  const adult2 = products
    .filter((p) => p.type === 2 && p.flex.type_class === 0 && p.stock >= 5 && p.start && p.start > today() && p.label.startsWith('Umrah '))
    .sort((a, b) => a.start!.localeCompare(b.start!))[0];
  if (!adult2) throw new Error('a seeded Firstclass trip with room');
  const same = (type: number) =>
    products.find((p) => p.type === type && p.label === adult2.label && p.start === adult2.start && p.end === adult2.end && p.flex.type_class === 0)!;
  const special = (id: number) => products.find((p) => p.id === id)!;
  return { label: adult2.label, start: adult2.start!, end: adult2.end!, byType: same, exclusive: special(999) };
}

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Opens 'Bestellen' on the package card of this trip. */
async function openOrderModal(page: Page, pkg: { label: string; start: string; end: string }): Promise<Locator> {
  await page.goto(`/pakketten?maand=${pkg.start.slice(0, 7)}&reis=${pkg.start}_${pkg.end}&klasse=0`);
  await page.getByTestId('pakket').filter({ hasText: pkg.label }).getByRole('button', { name: 'Bestellen' }).click();
  const modal = dialog(page, 'Bestellen');
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Aantal gasten')).toHaveValue('9999');
  return modal;
}

const guestCard = (modal: Locator, n: number) => modal.getByRole('group', { name: `Gast ${n}` });

async function fillGuest(modal: Locator, n: number, first: string, last: string, gender?: 'Man' | 'Vrouw') {
  const g = guestCard(modal, n);
  await g.getByLabel('Voornaam').fill(first);
  await g.getByLabel('Achternaam').fill(last);
  if (gender) await g.getByLabel('Geslacht').selectOption({ label: gender });
}

test.describe('ordering', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('a visitor orders a 2-person men’s room exclusively for one adult, registers in the wizard, applies WELKOM50 and sees the server’s total', async ({
    page,
  }) => {
    // Registration waits for a proof-of-work captcha: slower than most journeys on a shared machine.
    test.slow();
    const pkg = await seededPackage(page.request);
    const adult = pkg.byType(2);
    const modal = await openOrderModal(page, pkg);

    // Step 1: both choices are required.
    await modal.getByRole('button', { name: 'Volgende' }).click();
    await expect(modal.getByText('Kamer type is verplicht!')).toBeVisible();
    await expect(modal.getByText('Kamer soort is verplicht!')).toBeVisible();
    await modal.getByRole('button', { name: '2 personen' }).click();
    await modal.getByRole('button', { name: 'Mannen' }).click();
    await modal.getByRole('button', { name: 'Volgende' }).click();

    // Step 2: one guest; the exclusive option is there for one guest and goes with a second one.
    await expect(modal.getByTestId('gast')).toHaveCount(1);
    await modal.getByRole('button', { name: 'Volgende' }).click();
    await expect(modal.getByText('Voornaam is verplicht!')).toBeVisible();
    await expect(modal.getByText('Achternaam is verplicht!')).toBeVisible();
    await fillGuest(modal, 1, 'Yusuf', 'Bakker');
    const exclusive = modal.getByLabel('Exclusief gebruik van deze kamer');
    await exclusive.check();
    await modal.getByRole('button', { name: 'Volwassene toevoegen' }).click();
    await expect(exclusive).toHaveCount(0);
    await expect(modal.getByRole('button', { name: 'Volwassene toevoegen' })).toBeDisabled();
    await modal.getByRole('button', { name: 'Gast 2 verwijderen' }).click();
    await expect(exclusive).not.toBeChecked();
    await exclusive.check();
    await modal.getByRole('button', { name: 'Volgende' }).click();

    // Step 3: the server's price: the adult rate plus the exclusive room (product 999).
    const roomTotal = adult.price + pkg.exclusive.price;
    await expect(modal.getByTestId('kamer-totaal')).toHaveText(formatEuro(roomTotal));
    await expect(modal.getByRole('row', { name: /Exclusief gebruik 2-persoonskamer: Yusuf Bakker/ })).toContainText(formatEuro(pkg.exclusive.price));
    await expect(modal.getByRole('button', { name: 'Volgende (Admin)' })).toHaveCount(0);
    await modal.getByRole('button', { name: 'Verder naar registreren' }).click();
    await expect(page.getByText('Product is toegevoegd in je winkelwagen!')).toBeVisible();

    // Step 4: register inside the wizard; the visitor is logged in straight away.
    const account = newAccount();
    await fillAccountFields(modal, account);
    await modal.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await solveCaptcha(modal);
    await modal.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page.getByText('Account aangemaakt.')).toBeVisible();
    await expect(modal.getByText('Je bent ingelogd')).toBeVisible();
    await expect(userMenuButton(page, `${account.firstName} ${account.lastName}`)).toBeVisible();
    await modal.getByRole('button', { name: 'Naar winkelwagen' }).click();

    // The cart: the room, the voucher errors of docs/RULES.md, 'Validation: Cart voucher', then WELKOM50 (€ 50).
    await expect(page).toHaveURL(/\/winkelwagen$/);
    const item = page.getByTestId('winkelwagen-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('2-persoonskamer · Mannen · exclusief gebruik');
    await expect(item).toContainText('Yusuf Bakker (Volwassene)');
    const total = page.getByTestId('winkelwagen-totaal');
    await expect(total).toHaveText(formatEuro(roomTotal));

    const code = page.getByRole('textbox', { name: 'Kortingscode' });
    const apply = async (label: string) => {
      await code.fill(label);
      await page.getByRole('button', { name: 'Toevoegen' }).click();
    };
    await apply('BESTAAT-NIET');
    await expect(page.getByText('Deze kortingscode bestaat niet.')).toBeVisible();
    await apply('VERLOPEN');
    await expect(page.getByText('Kortingscode is verlopen.')).toBeVisible();
    await apply('welkom50');
    await expect(page.getByText('Kortingscode succesvol toegevoegd.')).toBeVisible();
    const expected = roomTotal - 5000;
    await expect(total).toHaveText(formatEuro(expected));
    await expect(page.getByRole('row', { name: /Kortingscode WELKOM50/ })).toContainText(formatEuro(-5000));

    // A second code for a cart of one item is refused by the server.
    const second = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
    const created = await page.request.post('/api/voucher', {
      headers: { authorization: `Bearer ${await adminToken(page.request)}` },
      data: { label: second, amount: 1000, expire_date: '2099-12-31 23:59:00' },
    });
    expect(created.status()).toBe(201);
    await apply(second);
    await expect(page.getByText('Kortingscode kan niet vaker worden gebruikt.')).toBeVisible();
    await expect(total).toHaveText(formatEuro(expected));

    // The server confirms the total for exactly what the cart holds.
    const cart = (await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]'))) as Record<string, unknown>[];
    expect(cart).toHaveLength(1);
    const [entry] = cart;
    expect(entry).toMatchObject({ type: 'umrah', room_type: 2, room_gender: 0, exclusive: true, discounts: ['WELKOM50'] });
    const confirmed = await page.request.post('/api/order/preview', {
      data: { rooms: [entry], flex: { discounts: entry?.discounts } },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    expect(((await confirmed.json()) as { total_price: number }).total_price).toBe(expected);

    // Checkout shows the same amount.
    await page.getByRole('button', { name: 'Afrekenen' }).click();
    await expect(page).toHaveURL(/\/afrekenen$/);
    await expect(page.getByTestId('checkout-total')).toHaveText(formatEuro(expected));
  });

  test('an admin builds an order in the admin cart for klant@example.nl', async ({ page }) => {
    test.slow();
    const pkg = await seededPackage(page.request);
    const token = await loginByToken(page, DEMO.admin.email, DEMO.admin.password);
    const modal = await openOrderModal(page, pkg);

    // A family room of three: three adults fill the beds, a child joins without a bed.
    await modal.getByRole('button', { name: '3 personen' }).click();
    await modal.getByRole('button', { name: 'Mix/familie' }).click();
    await modal.getByRole('button', { name: 'Volgende' }).click();
    await expect(modal.getByTestId('gast')).toHaveCount(3);
    await fillGuest(modal, 1, 'Ali', 'Demir', 'Man');
    await fillGuest(modal, 2, 'Sara', 'Demir', 'Vrouw');
    await fillGuest(modal, 3, 'Omar', 'Demir', 'Man');
    await expect(modal.getByRole('button', { name: 'Volwassene toevoegen' })).toBeDisabled();
    await modal.getByRole('button', { name: 'Kind of baby toevoegen' }).click();
    const child = guestCard(modal, 4);
    await expect(child.getByLabel('Eigen bed')).toBeDisabled();
    await expect(child.getByLabel('Eigen bed')).not.toBeChecked();
    await fillGuest(modal, 4, 'Yasmin', 'Demir', 'Vrouw');
    await child.getByLabel('Leeftijdscategorie').selectOption({ label: 'Kind (2-12 jaar)' });
    await modal.getByRole('button', { name: 'Volgende' }).click();

    const expected = 3 * pkg.byType(5).price + pkg.byType(6).price - 25000;
    await expect(modal.getByTestId('kamer-totaal')).toHaveText(formatEuro(expected));
    await expect(modal.getByRole('button', { name: 'Verder naar registreren' })).toHaveCount(0);
    await modal.getByRole('button', { name: 'Volgende (Admin)' }).click();

    await expect(page).toHaveURL(/\/admin-winkelwagen$/);
    const rows = page.getByTestId('admin-winkelwagen-item');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Yasmin Demir (Kind, vrouw, zonder eigen bed)');
    await expect(page.getByTestId('admin-totaal')).toHaveText(formatEuro(expected));

    // The edit modal of a room is the wizard again, saving at the same index.
    await rows.getByRole('button', { name: 'Wijzigen' }).click();
    const edit = dialog(page, 'Kamer wijzigen');
    await edit.getByRole('button', { name: 'Volgende' }).click();
    await guestCard(edit, 3).getByLabel('Voornaam').fill('Omer');
    await edit.getByRole('button', { name: 'Volgende' }).click();
    await expect(edit.getByTestId('kamer-totaal')).toHaveText(formatEuro(expected));
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Omer Demir (Volwassene, man)');

    // 'Bestellen' needs a customer.
    await page.getByRole('button', { name: 'Bestellen' }).click();
    await expect(page.getByText('Selecteer een gebruiker')).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Gebruiker' });
    await picker.fill('klant@');
    await page.getByRole('option', { name: /klant@example\.nl/ }).click();
    await expect(page.getByText('Selecteer een gebruiker')).toHaveCount(0);
    await page.getByRole('button', { name: 'Bestellen' }).click();

    const done = page.getByTestId('admin-bestelling');
    await expect(done).toContainText('Bestelling succesvol aangemaakt.');
    await expect(done).toContainText(/Bestelling FCU2\d+ is aangemaakt voor gebruiker \d+ \(klant@example\.nl\)\./);
    const id = Number(/FCU2(\d+)/.exec((await done.textContent()) ?? '')![1]);
    await expect(page.getByText('De admin winkelwagen is leeg.')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('admin_cart'))).toBe('[]');

    // The order belongs to the customer, made by the admin, priced by the server.
    const res = await page.request.get(`/api/order/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBe(true);
    const { order } = (await res.json()) as {
      order: {
        user: { email: string };
        total_price: number;
        created_by_user_id: number | null;
        rooms: { room_type: number; guests: { first_name: string; bed_included: boolean }[] }[];
      };
    };
    expect(order.user.email).toBe(DEMO.customer.email);
    expect(order.total_price).toBe(expected);
    expect(order.created_by_user_id).not.toBeNull();
    expect(order.rooms).toHaveLength(1);
    expect(order.rooms[0]?.guests.map((g) => [g.first_name, g.bed_included])).toEqual([
      ['Ali', true],
      ['Sara', true],
      ['Omer', true],
      ['Yasmin', false],
    ]);

    // Empty now: ordering again names the empty cart.
    await page.getByRole('button', { name: 'Bestellen' }).click();
    await expect(page.getByText('Winkelwagen is leeg', { exact: true })).toBeVisible();
  });

  test('a visitor puts an Arabic lesson with its availability in the cart and changes the days there', async ({ page }) => {
    const lesson = must((await catalog(page.request)).filter((p) => p.type === 11 && p.is_active)[0], 'a seeded beginner lesson');
    await page.goto('/arabia-teaching');
    await page.getByTestId('les').filter({ hasText: lesson.label }).getByRole('button', { name: 'In winkelwagen' }).click();
    const modal = dialog(page, 'Les toevoegen');
    await modal.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(modal.getByText('Beschikbare dagen zijn verplicht!')).toBeVisible();
    await expect(modal.getByText('Beschikbare tijdsloten zijn verplicht!')).toBeVisible();
    await modal.getByLabel('Zaterdag').check();
    await modal.getByLabel('Maandag').check();
    await modal.getByLabel('18:00-21:00').check();
    await modal.getByRole('button', { name: 'In winkelwagen' }).click();
    await expect(page.getByText('Product is toegevoegd in je winkelwagen!')).toBeVisible();

    await page.goto('/winkelwagen');
    const item = page.getByTestId('winkelwagen-item');
    await expect(item).toContainText('Dagen: Maandag, Zaterdag');
    await expect(page.getByTestId('winkelwagen-totaal')).toHaveText(formatEuro(lesson.price));
    await item.getByRole('button', { name: 'Wijzigen' }).click();
    const edit = dialog(page, 'Les wijzigen');
    await edit.getByLabel('Maandag').uncheck();
    await edit.getByLabel('Zaterdag').uncheck();
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit.getByText('Beschikbare dagen zijn verplicht!')).toBeVisible();
    await edit.getByLabel('Woensdag').check();
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit).toBeHidden();
    await expect(item).toContainText('Dagen: Woensdag');
    await expect(item).toContainText('Tijden: 18:00-21:00');
    await item.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Je winkelwagen is leeg.')).toBeVisible();
  });

  test("an admin adds a voucher in 'Maak kortingscode aan' and deletes it; 'kid-without-bed' cannot be deleted", async ({ page }) => {
    const token = await loginByToken(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin?tab=kortingscodes');
    const table = page.getByRole('table', { name: 'Kortingscodes' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('button', { name: 'Kortingscode kid-without-bed verwijderen' })).toBeDisabled();

    await page.getByRole('button', { name: 'Kortingscode toevoegen' }).click();
    const form = dialog(page, 'Kortingscode toevoegen');
    await form.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(form.getByText('Code is verplicht!')).toBeVisible();
    await expect(form.getByText('Bedrag is verplicht!')).toBeVisible();
    await expect(form.getByText('Vervaldatum is verplicht!')).toBeVisible();

    const label = `E2E-${randomBytes(3).toString('hex').toUpperCase()}`;
    await form.getByLabel('Code').fill(label);
    await form.getByLabel('Bedrag (€)').fill('25,50');
    await form.getByLabel('Vervaldatum').fill('2099-06-30');
    await form.getByLabel('Tijd').fill('18:30');
    await form.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(page.getByText(`Kortingscode ${label} is succesvol toegevoegd.`)).toBeVisible();
    await expect(form).toBeHidden();
    const row = table.getByRole('row', { name: new RegExp(label) });
    await expect(row).toContainText(formatEuro(2550));
    await expect(row).toContainText('30-06-2099 18:30');
    await expect(row).toContainText('Actief');

    // Sent as cents and 'YYYY-MM-DD HH:mm:ss', created active.
    const list = await page.request.get('/api/vouchers', { params: { q: label }, headers: { authorization: `Bearer ${token}` } });
    const [voucher] = ((await list.json()) as { vouchers: { id: number; amount: number; expire_date: string; active: boolean }[] }).vouchers;
    expect(voucher).toMatchObject({ amount: 2550, expire_date: '2099-06-30 18:30:00', active: true });

    await row.getByRole('button', { name: `Kortingscode ${label} verwijderen` }).click();
    await dialog(page, 'Kortingscode verwijderen').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Kortingscode is verwijderd.')).toBeVisible();
    await expect(row).toHaveCount(0);

    // The server refuses as well.
    const all = await page.request.get('/api/vouchers', { params: { q: 'kid-without-bed' }, headers: { authorization: `Bearer ${token}` } });
    const kid = must(((await all.json()) as { vouchers: { id: number }[] }).vouchers[0], "the seeded 'kid-without-bed'");
    const refused = await page.request.delete(`/api/voucher/${kid.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(409);
  });
});
