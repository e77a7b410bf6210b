import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { formatEuro } from '@umrah/domain/money';
import { DEMO, acceptCookies, dialog, loginByToken } from '../support/ui.ts';

// The demo seed (apps/api/src/db/seed.ts) puts trips on the 10th of the scanned months, never in
// May, none in the last scanned month, and makes the month two months ahead sold out.

interface ApiProduct {
  id: number;
  type: number;
  label: string;
  start: string | null;
  end: string | null;
  price: number;
  stock: number;
  flex: { type_class: number };
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dutch = (isoDate: string) => isoDate.split('-').reverse().join('-');

/** The tiles the rules give for today, worked out here independently of the app's code. */
function expectedTiles(today: Date) {
  const tiles: { key: string; offset: number }[] = [];
  for (let offset = 0; offset < 12 && tiles.length < 7; offset++) {
    const d = new Date(today.getFullYear(), today.getMonth() + offset, 1);
    if (d.getMonth() === 4) continue;
    tiles.push({ key: `${d.getFullYear()}-${pad(d.getMonth() + 1)}`, offset });
  }
  return tiles;
}

const tile = (page: Page, key: string) => page.getByTestId(`maand-${key}`);

async function productsOf(page: Page, region: 'NL' | 'BE'): Promise<ApiProduct[]> {
  const res = await page.request.get(`/api/products?region=${region}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { products: ApiProduct[] }).products;
}

/** The Firstclass adult 2-person product of the earliest seeded trip that is not sold out. */
async function firstTrip(page: Page, region: 'NL' | 'BE') {
  const today = iso(new Date());
  const [trip] = (await productsOf(page, region))
    .filter((p) => p.type === 2 && p.flex.type_class === 0 && p.stock > 0 && p.start && p.start >= today && !p.label.startsWith('E2E'))
    .sort((a, b) => a.start!.localeCompare(b.start!));
  return must(trip, 'a seeded Firstclass trip');
}

test.describe('packages page', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('shows 7 month tiles from this month, skipping May, with the seeded states and the Hijri month', async ({ page }) => {
    await page.goto('/pakketten');
    const today = new Date();
    const expected = expectedTiles(today);
    for (const { key } of expected) await expect(tile(page, key)).toBeVisible();
    await expect(page.locator('[data-testid^="maand-2"]')).toHaveCount(7);
    await expect(page.getByTestId('maand-op-maat')).toBeVisible();

    for (const { key, offset } of expected) {
      const t = tile(page, key);
      if (offset === 2) await expect(t).toContainText('Uitverkocht!');
      else if (offset === 0 && today.getDate() >= 10) await expect(t).toContainText('Binnenkort online');
      else await expect(t).toContainText('Bekijk aanbod');
      // The Hijri month is shown beside the Gregorian one.
      await expect(t).toContainText(/Muharram|Safar|Rabi|Jumada|Rajab|Sha'ban|Ramadan|Shawwal|Dhu al/);
    }
    // A sold-out month cannot be chosen.
    const soldOut = expected.find((t) => t.offset === 2);
    if (soldOut) await expect(tile(page, soldOut.key)).toHaveAttribute('aria-disabled', 'true');
  });

  test('month → trip → class → package cards, and the region switch to BE changes the trips', async ({ page }) => {
    const nl = await firstTrip(page, 'NL');
    await page.goto('/pakketten');
    await tile(page, nl.start!.slice(0, 7)).click();
    await page.getByTestId(`reis-${nl.start}_${nl.end}`).click();
    await page.getByRole('radio', { name: /Firstclass/ }).click();
    const card = page.getByTestId('pakket').first();
    await expect(card).toContainText(nl.label);
    await expect(card).toContainText(`Vertrek ${dutch(nl.start!)}`);
    await expect(card).toContainText('Swissôtel Makkah');
    await expect(card).toContainText('150 m tot de Haram');
    await expect(card.getByRole('button', { name: 'Bestellen' })).toBeEnabled();

    const be = must(
      (await productsOf(page, 'BE')).find((p) => p.type === nl.type && p.start === nl.start && p.end === nl.end && p.flex.type_class === 0),
      'the same trip in BE',
    );
    expect(be.label).not.toBe(nl.label);
    await page.getByRole('button', { name: /Regio en taal/ }).click();
    const modal = dialog(page, 'Regio en taal');
    await modal.getByLabel('België (BE)').check();
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Vertrek vanuit België.')).toBeVisible();
    await expect(page.getByTestId('pakket').first()).toContainText(be.label);
    await expect(page.getByText(nl.label, { exact: true })).toHaveCount(0);
  });

  test('the info modal shows the hotel carousel and the price table per room size and age', async ({ page }) => {
    const nl = await firstTrip(page, 'NL');
    const all = await productsOf(page, 'NL');
    const same = (type: number) => all.find((p) => p.type === type && p.start === nl.start && p.label === nl.label && p.flex.type_class === 0)!;
    await page.goto(`/pakketten?maand=${nl.start!.slice(0, 7)}&reis=${nl.start}_${nl.end}&klasse=0`);
    await page.getByTestId('pakket').first().getByRole('button', { name: 'Meer informatie' }).click();
    const info = dialog(page, nl.label);
    await expect(info.getByRole('img', { name: 'Swissôtel Makkah, Mekka' }).first()).toBeVisible();
    await info.getByRole('button', { name: 'Volgende foto' }).click();
    const table = info.getByRole('table', { name: 'Prijzen per persoon' });
    await expect(table.getByRole('columnheader')).toHaveText(['Kamer', 'Volwassene', 'Kind', 'Baby']);
    const row2 = table.getByRole('row', { name: /2-persoonskamer/ });
    await expect(row2).toContainText(formatEuro(same(2).price));
    await expect(row2).toContainText(formatEuro(same(3).price));
    await expect(row2).toContainText(formatEuro(same(4).price));
    await expect(table.getByRole('row', { name: /4-persoonskamer/ })).toContainText(formatEuro(same(8).price));
  });

  test("'Bestellen' opens the order modal with 9999 guests (minimum 1); the custom tile opens 'Umrah op maat'", async ({ page }) => {
    const nl = await firstTrip(page, 'NL');
    await page.goto(`/pakketten?maand=${nl.start!.slice(0, 7)}&reis=${nl.start}_${nl.end}&klasse=0`);
    await page.getByTestId('pakket').first().getByRole('button', { name: 'Bestellen' }).click();
    const order = dialog(page, 'Bestellen');
    const guests = order.getByLabel('Aantal gasten');
    await expect(guests).toHaveValue('9999');
    await guests.fill('0');
    await expect(order.getByText('Aantal gasten moet minimaal 1 zijn.')).toBeVisible();
    await order.getByRole('button', { name: 'Sluiten' }).first().click();

    await page.getByTestId('maand-op-maat').click();
    const custom = dialog(page, 'Umrah op maat');
    // The 'Umrah op maat' request form (sending it is covered by requests.spec.ts).
    await expect(custom.getByRole('form', { name: 'Aanvraag Umrah op maat' })).toBeVisible();
    await expect(custom.getByRole('button', { name: 'Aanvraag versturen' })).toBeVisible();
  });
});

test.describe('admin products', () => {
  test('an admin adds a trip that then appears on the packages page, edits it and deletes it', async ({ page }) => {
    // One long journey through two screens: on a shared 2-core machine it needs more than the default minute.
    test.slow();
    await acceptCookies(page);
    await loginByToken(page, DEMO.admin.email, DEMO.admin.password);
    // A trip on the 20th of next month (the seed uses the 10th), unless that is May: then a month later.
    const now = new Date();
    let startDate = new Date(now.getFullYear(), now.getMonth() + 1, 20);
    if (startDate.getMonth() === 4) startDate = new Date(now.getFullYear(), now.getMonth() + 2, 20);
    const start = iso(startDate);
    const end = iso(new Date(startDate.getFullYear(), startDate.getMonth(), 27));
    const deadline = iso(new Date(startDate.getFullYear(), startDate.getMonth(), 1));
    const label = `E2E-reis ${randomBytes(3).toString('hex')}`;

    await page.goto('/admin?tab=producten');
    await page.getByRole('button', { name: 'Product toevoegen' }).click();
    const form = dialog(page, 'Product toevoegen');
    // The shared schema's rules show before anything is sent.
    await form.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await expect(form.getByText('Type is verplicht!')).toBeVisible();
    await expect(form.getByText('Titel is verplicht!')).toBeVisible();

    await form.getByLabel('Type').click();
    await page.getByRole('option', { name: /^2\. / }).click();
    await page.getByRole('option', { name: /^3\. / }).click();
    await form.getByLabel('Type').press('Escape');
    await form.getByLabel('Titel').fill(label);
    await form.getByLabel('Beschrijving').fill('Een reis die de end-to-end-test aanmaakt.');
    await form.getByLabel('Prijs per persoon').first().fill('-5');
    await form.getByLabel('Voorraad').fill('8');
    await form.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await expect(form.getByText('Prijs moet minimaal 0 zijn.')).toBeVisible();
    await expect(form.getByText('Periode is verplicht!').first()).toBeVisible();
    await expect(form.getByText('Hotels zijn verplicht!')).toBeVisible();

    await form.getByLabel('Prijs per persoon').first().fill('1234,5');
    for (const [field, value] of [
      ['Periode: vertrek', start],
      ['Periode: terugkomst', end],
      ['Betaaldeadline', deadline],
    ] as const) {
      await form.getByLabel(field).fill(dutch(value));
      await form.getByLabel(field).press('Tab');
    }
    await form.getByLabel('Hotels').click();
    await page.getByRole('option', { name: /Swissôtel Makkah/ }).click();
    await page.getByRole('option', { name: /Dar Al Taqwa/ }).click();
    await form.getByLabel('Hotels').press('Escape');
    await form.getByRole('button', { name: 'Bulletpoint toevoegen' }).click();
    await form.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await expect(form.getByText('Label is verplicht!')).toBeVisible();
    await form.getByLabel('Label').fill('Vlucht');
    await form.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await expect(page.getByText('Product is succesvol aangemaakt.')).toBeVisible();
    await expect(form).toBeHidden();

    await page.getByLabel('Zoeken op label').fill(label);
    const group = page.getByTestId('product-groep').filter({ hasText: label });
    await expect(group).toContainText('2 producten');
    await expect(page.getByTestId('product-groep')).toHaveCount(1);

    const shop = `/pakketten?maand=${start.slice(0, 7)}&reis=${start}_${end}&klasse=0`;
    await page.goto(shop);
    const card = page.getByRole('article', { name: label });
    await expect(card).toContainText('€ 1.234,50');
    await expect(card).toContainText('Dar Al Taqwa');
    await expect(card).toContainText('Vlucht');

    // Edit the adult product's price.
    await page.goto('/admin?tab=producten');
    await page.getByLabel('Zoeken op label').fill(label);
    await page.getByTestId('product-groep').filter({ hasText: label }).getByRole('button').first().click();
    await page
      .getByRole('row')
      .filter({ hasText: 'volwassene' })
      .first()
      .getByRole('button', { name: /wijzigen$/ })
      .click();
    const edit = dialog(page, 'Product wijzigen');
    await expect(edit.getByLabel('Titel')).toHaveValue(label);
    await edit.getByLabel('Prijs per persoon').first().fill('999');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Product is succesvol gewijzigd.')).toBeVisible();

    await page.goto(shop);
    await expect(page.getByRole('article', { name: label }).getByTestId('vanaf-prijs')).toHaveText('€ 999,-');

    // Delete both; the trip leaves the shop.
    await page.goto('/admin?tab=producten');
    await page.getByLabel('Zoeken op label').fill(label);
    await page.getByTestId('product-groep').filter({ hasText: label }).getByRole('button').first().click();
    for (let i = 0; i < 2; i++) {
      await page
        .getByRole('button', { name: /verwijderen$/ })
        .first()
        .click();
      await dialog(page, 'Product verwijderen').getByRole('button', { name: 'Verwijderen' }).click();
      await expect(page.getByText('Product succesvol verwijderd').first()).toBeVisible();
      await expect(dialog(page, 'Product verwijderen')).toBeHidden();
    }
    await expect(page.getByText('Geen producten gevonden.')).toBeVisible();
    await page.goto(shop);
    await expect(page.getByRole('article', { name: label })).toHaveCount(0);
  });

  test('lesson products cannot be deleted from the tab', async ({ page }) => {
    await acceptCookies(page);
    await loginByToken(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin?tab=producten');
    await page.getByLabel('Zoeken op label').fill('Arabisch voor beginners');
    const group = page.getByTestId('product-groep');
    await expect(group).toHaveCount(1);
    await group.getByRole('button').first().click();
    const remove = group.getByRole('button', { name: /verwijderen$/ });
    await expect(remove).toHaveCount(1);
    await expect(remove).toBeDisabled();
    await expect(group.getByRole('button', { name: /wijzigen$/ })).toBeEnabled();
  });
});
