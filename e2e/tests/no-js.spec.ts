import { expect, test, type Page } from '@playwright/test';
import { acceptCookies } from '../support/ui.ts';
import type { ProductDto } from '@umrah/domain/contracts';

// Server rendering (docs/ARCHITECTURE.md): the public pages come as HTML from the server (painted before any JavaScript runs),
// with current data, and the app then hydrates that HTML instead of drawing the page again.

const PUBLIC = ['/', '/pakketten', '/kennis', '/over-ons', '/contact', '/arabia-teaching', '/algemene-voorwaarden', '/privacy'];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its banner (an image with a size, preloaded) and the selling points', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('main img[src="/images/banners/home.svg"]');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('width', '1600');
    await expect(banner).toHaveAttribute('height', '500');
    await expect(page.locator('head link[rel="preload"][as="image"][href="/images/banners/home.svg"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Umrah-reizen met zorg en begeleiding' })).toBeVisible();
    const points = page.getByRole('region', { name: 'Waarom met ons op Umrah?' });
    await expect(points.getByRole('heading', { level: 3 }).first()).toBeVisible();
    expect(await points.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(1);
  });

  test('/pakketten shows the month tiles and the packages of the current catalog: a trip an admin renames shows so on the next load', async ({
    page,
  }) => {
    await page.goto('/pakketten');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const tiles = page.locator('[data-testid^="maand-20"]');
    await expect(tiles.first()).toBeVisible();

    // An admin renames a trip; the next load of the HTML shows the new name on its package card.
    const login = await page.request.post('/api/login', { data: { email: 'admin@umrahreizen.nl', password: 'Admin-demo-2026' } });
    const { token } = (await login.json()) as { token: string };
    const list = await page.request.get('/api/products', { params: { region: 'NL' } });
    const today = new Date().toISOString().slice(0, 10);
    const trip = ((await list.json()) as { products: ProductDto[] }).products
      .filter((p) => p.type === 2 && p.flex.type_class === 0 && p.is_active && p.stock > 0 && p.start !== null && p.start > today)
      .sort((a, b) => a.start!.localeCompare(b.start!))[0]!;
    const url = `/pakketten?maand=${trip.start!.slice(0, 7)}&reis=${trip.start}_${trip.end}&klasse=0`;
    const rename = (label: string) =>
      page.request.put(`/api/product/${trip.id}`, { headers: { authorization: `Bearer ${token}` }, data: { ...trip, label } });
    const renamed = await rename(`${trip.label} (nieuw)`);
    expect(renamed.ok(), await renamed.text()).toBe(true);
    try {
      await page.goto(url);
      await expect(page.getByRole('article', { name: `${trip.label} (nieuw)` })).toBeVisible();
    } finally {
      expect((await rename(trip.label)).ok()).toBe(true);
    }
    await page.goto(url);
    await expect(page.getByRole('article', { name: trip.label, exact: true })).toBeVisible();
  });

  test('a query string the page does not read is the same cached page (same ETag, 304 when the browser has it)', async ({ page }) => {
    const first = await page.request.get('/?x=1');
    const etag = first.headers()['etag']!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const url of ['/', '/?x=2', '/?utm_source=nieuwsbrief']) expect((await page.request.get(url)).headers()['etag']).toBe(etag);
    const again = await page.request.get('/?x=3', { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    // A parameter the page reads still chooses what it shows.
    await page.goto('/pakketten?utm_source=x');
    const tile = page.locator('[data-testid^="maand-20"]').first();
    const month = (await tile.getAttribute('data-testid'))!.replace('maand-', '');
    expect((await page.request.get(`/pakketten?maand=${month}&x=1`)).headers()['etag']).not.toBe(
      (await page.request.get('/pakketten?x=1')).headers()['etag'],
    );
  });

  test('every public page has its content in the HTML', async ({ page }) => {
    const articles = await page.request.get('/api/articles', { params: { type: 0 } });
    const first = ((await articles.json()) as { articles: { id: number; label: string }[] }).articles[0]!;
    for (const path of [...PUBLIC, `/kennis/${first.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByRole('contentinfo'), path).toBeVisible();
    }
    await page.goto(`/kennis/${first.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.label);
  });

  test('the company details in the HTML are those GET /api/company answers', async ({ page }) => {
    const company = (await (await page.request.get('/api/company')).json()) as { name: string; phone: string; email: string };
    await page.goto('/contact');
    const list = page.getByTestId('contactlijst');
    await expect(list.getByRole('link', { name: company.phone })).toBeVisible();
    await expect(list.getByRole('link', { name: company.email })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: company.name })).toBeVisible();
  });

  test('the links work: nothing covers the page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Voettekst' }).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  });
});

/** Holds back the code of one page for a while, so the server's HTML stays unhydrated that long. */
async function delayPageCode(page: Page, chunk: string, ms: number) {
  await page.route(`**/assets/${chunk}-*.js`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]');

test.describe('before hydration', () => {
  test.beforeEach(async ({ page }) => acceptCookies(page));

  test('a click on a month tile waits for the app instead of being lost', async ({ page }) => {
    await delayPageCode(page, 'PackagesPage', 2500);
    await page.goto('/pakketten');
    const tile = page.locator('[data-testid^="maand-20"][data-status="available"]').first();
    await expect(tile).toBeVisible();
    await expect(hydrated(page)).toHaveCount(0);
    await tile.click();
    await expect(page).toHaveURL(/maand=/);
    await expect(tile).toHaveAttribute('aria-pressed', 'true');
  });

  test('text typed into the contact form before hydration is what the form sends', async ({ page }) => {
    await delayPageCode(page, 'ContactPage', 2500);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contactformulier' });
    await form.getByLabel('Naam').fill('Samira Bouzid');
    await form.getByLabel('Email').fill('samira@example.nl');
    await form.getByLabel('Bericht').fill('Is er nog plek in maart?');
    await expect(hydrated(page)).toHaveCount(0);
    await form.getByRole('button', { name: 'Verzenden' }).click();
    await expect(form.getByText('Verifieer dat u geen robot bent!')).toBeVisible();
    for (const error of ['Naam is verplicht!', 'Email is verplicht!', 'Bericht is verplicht']) {
      await expect(form.getByText(error, { exact: true })).toHaveCount(0);
    }
    await expect(form.getByLabel('Naam')).toHaveValue('Samira Bouzid');
    await expect(form.getByLabel('Bericht')).toHaveValue('Is er nog plek in maart?');
  });

  test('should the code never come, the layer lifts itself and the links work', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Voettekst' }).getByRole('link', { name: 'Contact', exact: true }).click({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/contact$/);
  });
});

/** Tags the page's h1 as the HTML parser makes it, to see whether hydration kept it. */
async function markServerNode(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const node = document.querySelector('#root h1');
      if (node) {
        (window as unknown as { serverNode: Element }).serverNode = node;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

// On a phone too: what the server renders must not depend on the window (it renders for no window).
for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 720 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(device, () => {
    test.use({ viewport });

    test('with JavaScript the server HTML is hydrated: no console errors, the same nodes, and the page works', async ({ page }) => {
      await acceptCookies(page);
      await markServerNode(page);
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
      for (const path of PUBLIC) {
        await page.goto(path);
        // Hydrated: React has attached to the server's nodes (its internal keys are on them) and kept them.
        // (Hydration starts once the page's code is loaded: polled, not read once.)
        await expect
          .poll(
            () =>
              page.evaluate(() => {
                const node = (window as unknown as { serverNode?: Element }).serverNode;
                return !!node && node.isConnected && Object.keys(node).some((k) => k.startsWith('__react'));
              }),
            { message: path },
          )
          .toBe(true);
        // What hydrates later (a lazy part such as the home page's flyers) has its code loaded and has run.
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      }
      // The hydrated page reacts: a month tile opens its trips.
      await page.goto('/pakketten');
      await page.locator('[data-testid^="maand-20"][data-status="available"]').first().click();
      await expect(page).toHaveURL(/maand=/);
      expect(errors).toEqual([]);
    });
  });
}
