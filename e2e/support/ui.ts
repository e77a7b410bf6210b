import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@umrahreizen.nl', password: 'Admin-demo-2026', name: 'Yusuf El Amrani' },
  bookkeeper: { email: 'boekhouder@umrahreizen.nl', password: 'Boekhouder-demo-2026', name: 'Fatima Bakkali' },
  customer: { email: 'klant@example.nl', password: 'Klant-demo-2026', name: 'Ahmed Yilmaz' },
} as const;

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** DD-MM-YYYY, as a Dutch visitor types it */
  dateOfBirth: string;
  nationality: string;
  phone: string;
  address: string;
  zip: string;
  city: string;
  country: string;
}

/** A new account with an address no earlier test used. */
export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  return {
    email: `e2e-${Date.now()}-${randomBytes(3).toString('hex')}@example.nl`,
    password: 'Pelgrim-wachtwoord-1',
    firstName: 'Samira',
    lastName: 'Bouzid',
    dateOfBirth: '14-03-1988',
    // Nationality and country are chosen from the Dutch country list (the API stores the ISO code).
    nationality: 'Nederland',
    phone: '0612345678',
    address: 'Coolsingel 40',
    zip: '3011 AD',
    city: 'Rotterdam',
    country: 'Nederland',
    ...overrides,
  };
}

/** Records the cookie choice before the page loads, so the banner does not cover the page. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie_consent', 'accepted'));
}

/** The open modal dialog (Mantine renders it with role=dialog and the title as its name). */
export const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

/** The header's account entry for guests. */
export const headerAccountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Account', exact: true });

/** The header button with the logged-in user's full name. */
export const userMenuButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

export async function openLoginModal(page: Page): Promise<Locator> {
  await headerAccountButton(page).click();
  const modal = dialog(page, 'Inloggen');
  await expect(modal).toBeVisible();
  return modal;
}

export async function openRegisterModal(page: Page): Promise<Locator> {
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: 'Account aanmaken' }).click();
  const modal = dialog(page, 'Account aanmaken');
  await expect(modal).toBeVisible();
  return modal;
}

/** Fills the account fields that register and edit-account share. */
export async function fillAccountFields(form: Locator, a: Partial<NewAccount>) {
  const fields: [string, string | undefined][] = [
    ['Email', a.email],
    ['Voornaam', a.firstName],
    ['Achternaam', a.lastName],
    ['Telefoonnummer', a.phone],
    ['Adres', a.address],
    ['Postcode', a.zip],
    ['Woonplaats', a.city],
  ];
  for (const [label, value] of fields) {
    if (value !== undefined) await form.getByLabel(label, { exact: true }).fill(value);
  }
  // Searchable selects from the country list: type, then pick the option.
  const countries: [string, string | undefined][] = [
    ['Nationaliteit', a.nationality],
    ['Land', a.country],
  ];
  for (const [label, value] of countries) {
    if (value === undefined) continue;
    const input = form.getByRole('combobox', { name: label, exact: true });
    await input.fill(value);
    await form.page().getByRole('option', { name: value, exact: true }).click();
    await expect(input).toHaveValue(value);
  }
  if (a.dateOfBirth !== undefined) {
    // The date picker takes typed input and parses it on blur, as a visitor would type it.
    const date = form.getByLabel('Geboortedatum', { exact: true });
    await date.fill(a.dateOfBirth);
    await date.press('Tab');
    await expect(date).toHaveValue(a.dateOfBirth);
  }
}

/** Clicks the ALTCHA checkbox as a person would and waits until the proof of work is done. */
export async function solveCaptcha(scope: Locator) {
  const widget = scope.locator('altcha-widget');
  await expect(widget).toBeVisible();
  // Scrolled to, as a person's eyes would be: the widget's code comes when it nears the screen (Altcha.tsx).
  await widget.scrollIntoViewIfNeeded();
  await widget.getByRole('checkbox').click();
  await expect(widget.getByText('Geverifieerd')).toBeVisible({ timeout: 30_000 });
}

/** Registers through the header's login → register modals; ends logged in as the new user. */
export async function registerThroughUi(page: Page, account: NewAccount = newAccount()): Promise<NewAccount> {
  const modal = await openRegisterModal(page);
  await fillAccountFields(modal, account);
  await modal.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await solveCaptcha(modal);
  await modal.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByText('Account aangemaakt.')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(userMenuButton(page, `${account.firstName} ${account.lastName}`)).toBeVisible();
  return account;
}

/** Logs in through the header's login modal. */
export async function loginThroughUi(page: Page, email: string, password: string, fullName?: string) {
  const modal = await openLoginModal(page);
  await modal.getByLabel('Email', { exact: true }).fill(email);
  await modal.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Inloggen' }).click();
  await expect(modal).toBeHidden();
  if (fullName) await expect(userMenuButton(page, fullName)).toBeVisible();
}

/** Logs out through the name popover in the header. */
export async function logoutThroughUi(page: Page, fullName: string) {
  await userMenuButton(page, fullName).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(headerAccountButton(page)).toBeVisible();
}

/** Logs in through the API and stores the token the way the web app does (localStorage 'token'). */
export async function loginByToken(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return token;
}
