import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCookies, dialog, loginByToken, userMenuButton } from '../support/ui.ts';
import type { ProductDto } from '@umrah/domain/contracts';

// Every public page (app/island-pages.json) starts with the small island script, not the app: its
// header menu, cart badge and cookie banner work without it, and a control only the app knows brings
// it, the tap made again once it has hydrated.

const ISLAND_PAGES = ['/', '/pakketten', '/contact', '/over-ons', '/algemene-voorwaarden', '/privacy'];
const hydrated = (page: Page) => page.locator('html[data-hydrated]');

/** Holds back the app's entry (the island script comes from its own file); returns its release. */
async function holdApp(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('without the app: the island runs the menu, the cart badge and the cookie banner; the app then hydrates without an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  await page.addInitScript(() => window.localStorage.setItem('cart', JSON.stringify([{}, {}])));
  const release = await holdApp(page);
  for (const path of ISLAND_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Winkelwagen (2)' })).toBeVisible();
    await banner.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu.getByRole('link', { name: 'Pakketten' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sluit' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(banner.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(hydrated(page)).toHaveCount(0);
  }

  // The cookie choice is kept: no banner on the next page.
  await expect(page.getByRole('region', { name: 'Cookies', exact: true })).toBeVisible();
  await page.getByRole('region', { name: 'Cookies', exact: true }).getByRole('button', { name: 'Accepteren' }).click();
  await expect(page.getByRole('region', { name: 'Cookies', exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe('accepted');

  // A menu link is an ordinary link.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Over ons' }).click();
  await expect(page).toHaveURL(/\/over-ons$/);
  await expect(page.getByRole('region', { name: 'Cookies', exact: true })).toHaveCount(0);

  // The app comes and hydrates the page the island changed, with the badge as before.
  release();
  await expect(hydrated(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Winkelwagen (2)' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the app starts in steps: React DOM from its own script first, the entry after it, and the page hydrates', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const release = await holdApp(page);
  await page.goto('/privacy');
  // The app is asked for once the browser is idle: the step runs, and only then is the entry added.
  const scripts = () => page.evaluate(() => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src') ?? ''));
  await expect
    .poll(scripts, { timeout: 15_000 })
    .toEqual([expect.stringMatching(/\/islands-/), expect.stringMatching(/\/react-dom-step-/), expect.stringMatching(/\/index-/)]);
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(hydrated(page)).toHaveCount(1, { timeout: 15_000 });
  expect(errors).toEqual([]);
});

test('the hydration is measured for the page-speed bench: one user timing from hydrateRoot until the page works, none where the app renders afresh', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const measures = () => page.evaluate(() => performance.getEntriesByName('umrah-hydration', 'measure').map((m) => m.duration));
  await page.goto('/privacy');
  await expect(hydrated(page)).toHaveCount(1, { timeout: 15_000 });
  const [duration, ...more] = await measures();
  expect(more).toEqual([]);
  expect(duration).toBeGreaterThan(0);
  // The cart is not a server-rendered page: drawn in the browser, with nothing to hydrate or measure.
  await page.goto('/winkelwagen');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hydrated(page)).toHaveCount(1);
  expect(await measures()).toEqual([]);
  expect(errors).toEqual([]);
});

test("the captcha's code comes when it nears the screen, not with the page: below a phone's fold on /contact", async ({ page }) => {
  // A phone's height, well above the widget (about 1,280 px down): it stays more than 400 px off screen.
  await page.setViewportSize({ width: 412, height: 700 });
  await page.goto('/contact');
  await expect(hydrated(page)).toHaveCount(1, { timeout: 15_000 });
  const widget = page.locator('altcha-widget');
  // Its room is kept before the code comes, so the form does not move when it is drawn.
  expect((await widget.boundingBox())?.height).toBeGreaterThanOrEqual(70);
  expect(await page.evaluate(() => Boolean(customElements.get('altcha-widget')))).toBe(false);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByRole('checkbox', { name: 'Ik ben geen robot' })).toBeVisible();
});

test('a tap on a control only the app knows brings the app and is not lost: the region modal, the team filter', async ({ page }) => {
  await acceptCookies(page);
  const release = await holdApp(page);
  await page.goto('/privacy');
  await page.getByRole('button', { name: /Regio en taal/ }).click();
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(dialog(page, 'Regio en taal')).toBeVisible();
  await expect(hydrated(page)).toHaveCount(1);

  await page.unrouteAll();
  const releaseAgain = await holdApp(page);
  await page.goto('/over-ons');
  const names = page.getByTestId('teamlid').getByRole('heading', { level: 3 });
  await page.getByText('Zusters', { exact: true }).click();
  releaseAgain();
  await expect(names).toHaveText(['Fatima Bakkali', 'Khadija Ouali']);
});

test('a logged-in visitor sees their name on an island page', async ({ page }) => {
  await acceptCookies(page);
  await loginByToken(page, DEMO.customer.email, DEMO.customer.password);
  await page.goto('/algemene-voorwaarden');
  await expect(userMenuButton(page, DEMO.customer.name)).toBeVisible();
});

test("on the shop's pages too: 'Bestellen' on a package and the filter of /kennis, tapped before the app is there, are made again once it has hydrated", async ({
  page,
}) => {
  await acceptCookies(page);
  const list = await page.request.get('/api/products', { params: { region: 'NL' } });
  const today = new Date().toISOString().slice(0, 10);
  const trip = ((await list.json()) as { products: ProductDto[] }).products
    .filter((p) => p.type === 2 && p.flex.type_class === 0 && p.is_active && p.stock > 0 && p.start !== null && p.start > today)
    .sort((a, b) => a.start!.localeCompare(b.start!))[0]!;
  const release = await holdApp(page);
  await page.goto(`/pakketten?maand=${trip.start!.slice(0, 7)}&reis=${trip.start}_${trip.end}&klasse=0`);
  await page.getByTestId('pakket').first().getByRole('button', { name: 'Bestellen' }).click();
  await expect(hydrated(page)).toHaveCount(0);
  await expect(dialog(page, 'Bestellen')).toHaveCount(0);
  release();
  await expect(dialog(page, 'Bestellen').getByLabel('Aantal gasten')).toBeVisible();
  await expect(hydrated(page)).toHaveCount(1);

  await page.unrouteAll();
  const releaseAgain = await holdApp(page);
  await page.goto('/kennis');
  const filter = page.getByRole('group', { name: 'Filter op categorie' });
  const all = filter.getByRole('button', { name: 'Alles', exact: true });
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  const label = (await filter.getByRole('button', { pressed: false }).first().textContent())!;
  const category = filter.getByRole('button', { name: label, exact: true });
  await category.click();
  releaseAgain();
  await expect(category).toHaveAttribute('aria-pressed', 'true');
  await expect(all).toHaveAttribute('aria-pressed', 'false');
});

test('the footer and the text of the terms stay the server HTML after hydration; their links still move within the app', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/algemene-voorwaarden');
  await expect(hydrated(page)).toHaveCount(1);
  const reactOn = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')));
  // The page's heading is hydrated; the adopted text and the footer's links are not.
  expect(await reactOn('h1')).toBe(true);
  expect(await reactOn('section[aria-labelledby="artikel-1"]')).toBe(false);
  expect(await reactOn('footer nav a')).toBe(false);
  // A footer link does not load a new document: the app's router takes it.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('navigation', { name: 'Voettekst' }).getByRole('link', { name: 'Privacyverklaring' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacyverklaring');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // Drawn by the app, the privacy text is there in full.
  await expect(page.locator('section[aria-labelledby^="artikel-"]').first()).toBeVisible();
});
