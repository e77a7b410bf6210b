import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO, acceptCookies, dialog, loginByToken, userMenuButton } from '../support/ui.ts';

const LOGIN_REQUIRED = 'Log in om deze pagina te bekijken';
const FORBIDDEN = 'Je bent niet toegestaan om deze pagina te bekijken.';
const EXPIRED = 'Je bent uitgelogd, omdat je sessie is verlopen';

test.describe('route guards', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  for (const path of ['/account', '/account/bestellingen', '/admin', '/admin-winkelwagen']) {
    test(`${path} asks a visitor to log in`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: LOGIN_REQUIRED })).toBeVisible();
      await expect(page.getByText(EXPIRED)).toHaveCount(0);
    });
  }

  test('logging in on the guard page shows the page', async ({ page }) => {
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Inloggen' });
    await form.getByLabel('Email', { exact: true }).fill(DEMO.customer.email);
    await form.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.customer.password);
    await form.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByRole('heading', { name: `Mijn account: ${DEMO.customer.name}` })).toBeVisible();
  });

  for (const path of ['/admin', '/admin-winkelwagen']) {
    test(`${path} refuses a customer`, async ({ page }) => {
      await loginByToken(page, DEMO.customer.email, DEMO.customer.password);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: FORBIDDEN })).toBeVisible();
      // The customer is still logged in: the refusal is about the role, not the session.
      await expect(userMenuButton(page, DEMO.customer.name)).toBeVisible();
    });
  }

  // The bookkeeper is admitted read-only (bookkeeper.spec.ts); a customer is not.
  test('/admin refuses a customer and admits the admin', async ({ page, browser }) => {
    await loginByToken(page, DEMO.customer.email, DEMO.customer.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: FORBIDDEN })).toBeVisible();

    const context = await browser.newContext();
    const adminPage = await context.newPage();
    await acceptCookies(adminPage);
    await loginByToken(adminPage, DEMO.admin.email, DEMO.admin.password);
    await adminPage.goto('/admin');
    await expect(userMenuButton(adminPage, DEMO.admin.name)).toBeVisible();
    await expect(adminPage.getByText(FORBIDDEN)).toHaveCount(0);
    await expect(adminPage.getByText(LOGIN_REQUIRED)).toHaveCount(0);
    await context.close();
  });

  test('a garbage token in storage ends the session with the expiry notice', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('token', 'dit-is-geen-token'));
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: LOGIN_REQUIRED })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: EXPIRED }).first()).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('an expired token in storage ends the session with the expiry notice', async ({ page }) => {
    // A well-formed token whose expiry lies in the past, as a browser left open overnight holds.
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '3', role: 0, iat: now - 7200, exp: now - 3600 })}.c2ln`;
    await page.addInitScript((t) => window.localStorage.setItem('token', t), expired);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: LOGIN_REQUIRED })).toBeVisible();
    await expect(page.getByText(EXPIRED).first()).toBeVisible();
  });

  test('the header offers Account to guests and opens the login modal', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Account', exact: true }).click();
    await expect(dialog(page, 'Inloggen')).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test('the home page has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/');
    // With the cookie banner showing, as a first visitor sees the page.
    await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
