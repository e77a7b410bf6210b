import { expect, test } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { linkIn, mailsFor, waitForMail } from '../support/mail.ts';
import {
  DEMO,
  acceptCookies,
  dialog,
  fillAccountFields,
  loginThroughUi,
  logoutThroughUi,
  newAccount,
  openLoginModal,
  openRegisterModal,
  registerThroughUi,
  solveCaptcha,
  userMenuButton,
} from '../support/ui.ts';

const BASE = `http://localhost:${process.env.E2E_PORT ?? 3200}`;

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a visitor registers, logs out and in, edits the profile and resets the password by mail', async ({ page }) => {
  const account = newAccount();
  const fullName = `${account.firstName} ${account.lastName}`;
  await page.goto('/');

  await test.step('register in the modal, solving the captcha', async () => {
    await registerThroughUi(page, account);
    // The welcome mail went through the outbox to the SMTP server.
    const welcome = await waitForMail(account.email, { subject: 'Welkom bij Umrah Reizen' });
    expect(welcome.text).toContain(`Beste ${account.firstName}`);
  });

  await test.step('log out and log in again', async () => {
    await logoutThroughUi(page, fullName);
    await loginThroughUi(page, account.email, account.password, fullName);
  });

  await test.step('edit the profile', async () => {
    await userMenuButton(page, fullName).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: `Mijn account: ${fullName}` })).toBeVisible();
    await page.getByRole('button', { name: 'Gegevens wijzigen' }).click();
    const modal = dialog(page, 'Gegevens wijzigen');
    await expect(modal.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await expect(modal.getByLabel('Geboortedatum', { exact: true })).toHaveValue(account.dateOfBirth);
    await fillAccountFields(modal, { city: 'Utrecht', address: 'Oudegracht 99', phone: '0687654321' });
    await modal.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Gebruiker is gewijzigd.')).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(page.locator('[data-field="Woonplaats"]')).toHaveText('Utrecht');
    await expect(page.locator('[data-field="Adres"]')).toHaveText('Oudegracht 99');
    // The change was saved, not only shown: it is still there after a reload.
    await page.reload();
    await expect(page.locator('[data-field="Telefoonnummer"]')).toHaveText('0687654321');
  });

  await test.step('request a password reset and follow the mailed link', async () => {
    await logoutThroughUi(page, fullName);
    const before = mailsFor(account.email).length;
    const login = await openLoginModal(page);
    await login.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
    const modal = dialog(page, 'Wachtwoord vergeten');
    await modal.getByLabel('Email', { exact: true }).fill(account.email);
    await modal.getByRole('button', { name: 'Verstuur herstellink' }).click();
    await expect(modal.getByText('Mail is verzonden!')).toBeVisible();

    const mail = await waitForMail(account.email, { subject: 'Wachtwoord opnieuw instellen', after: before });
    const link = linkIn(mail, `${BASE}/reset/`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Wachtwoord herstellen' })).toBeVisible();
    // The token from the link is filled in already.
    await expect(page.getByLabel('Token', { exact: true })).toHaveValue(must(link.split('/reset/')[1], 'a token after /reset/'));
    await page.getByLabel('Wachtwoord', { exact: true }).fill('Nieuw-pelgrim-wachtwoord-2');
    await page.getByLabel('Bevestig wachtwoord', { exact: true }).fill('Nieuw-pelgrim-wachtwoord-2');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    // Success sends the visitor home with the login modal open.
    await expect(dialog(page, 'Inloggen')).toBeVisible();
    await expect(page).toHaveURL(`${BASE}/`);
  });

  await test.step('the old password fails, the new one works', async () => {
    const modal = dialog(page, 'Inloggen');
    await modal.getByLabel('Email', { exact: true }).fill(account.email);
    await modal.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await modal.getByRole('button', { name: 'Inloggen' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Ongeldige combinatie email/wachtwoord. Probeer opniew.');
    await modal.getByLabel('Wachtwoord', { exact: true }).fill('Nieuw-pelgrim-wachtwoord-2');
    await modal.getByRole('button', { name: 'Inloggen' }).click();
    await expect(modal).toBeHidden();
    await expect(userMenuButton(page, 'Samira Bouzid')).toBeVisible();
  });

  await test.step('the mailed link works only once', async () => {
    const mail = mailsFor(account.email)
      .filter((m) => m.subject === 'Wachtwoord opnieuw instellen')
      .at(-1)!;
    await page.goto(linkIn(mail, `${BASE}/reset/`));
    await page.getByLabel('Wachtwoord', { exact: true }).fill('Derde-wachtwoord-3');
    await page.getByLabel('Bevestig wachtwoord', { exact: true }).fill('Derde-wachtwoord-3');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Er is iets fouts gegaan...');
  });
});

test.describe('login modal validation', () => {
  test('required fields, a bad address and a wrong password give the spec messages', async ({ page }) => {
    await page.goto('/');
    const modal = await openLoginModal(page);
    await modal.getByRole('button', { name: 'Inloggen' }).click();
    await expect(modal.getByText('Email is verplicht!')).toBeVisible();
    await expect(modal.getByText('Wachtwoord is verplicht')).toBeVisible();

    await modal.getByLabel('Email', { exact: true }).fill('geen-emailadres');
    await modal.getByRole('button', { name: 'Inloggen' }).click();
    await expect(modal.getByText('Geen geldig email adres.')).toBeVisible();

    await modal.getByLabel('Email', { exact: true }).fill(DEMO.customer.email);
    await modal.getByLabel('Wachtwoord', { exact: true }).fill('helemaal-fout');
    await modal.getByRole('button', { name: 'Inloggen' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Ongeldige combinatie email/wachtwoord. Probeer opniew.');
    // Still logged out.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account', exact: true })).toBeVisible();
  });

  test('the demo customer logs in and sees their name', async ({ page }) => {
    await page.goto('/');
    await loginThroughUi(page, DEMO.customer.email, DEMO.customer.password, DEMO.customer.name);
  });
});

test.describe('register modal validation', () => {
  test('an empty form shows every required message and the robot message', async ({ page }) => {
    await page.goto('/');
    const modal = await openRegisterModal(page);
    await modal.getByRole('button', { name: 'Account aanmaken' }).click();
    for (const message of [
      'Email is verplicht!',
      'Voornaam is verplicht!',
      'Achternaam is verplicht!',
      'Geboortedatum is verplicht!',
      'Nationaliteit is verplicht!',
      'Telefoonnummer is verplicht!',
      'Adres is verplicht!',
      'Postcode is verplicht!',
      'Woonplaats is verplicht!',
      'Land is verplicht!',
      'Wachtwoord is verplicht',
      'Verifieer dat u geen robot bent!',
    ]) {
      await expect(modal.getByText(message, { exact: true }), message).toBeVisible();
    }
    await fillAccountFields(modal, { email: 'niet-geldig' });
    await modal.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(modal.getByText('Geen geldig email adres.')).toBeVisible();
  });

  test('an address that is taken gives the spec message and no login', async ({ page }) => {
    await page.goto('/');
    const modal = await openRegisterModal(page);
    await fillAccountFields(modal, newAccount({ email: DEMO.customer.email }));
    await modal.getByLabel('Wachtwoord', { exact: true }).fill('Pelgrim-wachtwoord-1');
    await solveCaptcha(modal);
    await modal.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(modal.getByRole('alert').filter({ hasText: 'Dit emailadres wordt al gebruikt.' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('password reset forms', () => {
  test('an unknown address gives the spec message', async ({ page }) => {
    await page.goto('/');
    const login = await openLoginModal(page);
    await login.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
    const modal = dialog(page, 'Wachtwoord vergeten');
    await modal.getByRole('button', { name: 'Verstuur herstellink' }).click();
    await expect(modal.getByText('Email is verplicht!')).toBeVisible();
    await modal.getByLabel('Email', { exact: true }).fill('onbekend-adres@example.nl');
    await modal.getByRole('button', { name: 'Verstuur herstellink' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Email is niet bij ons bekend. Voer de Email in die je hebt gebruikt bij de bestelling.');
  });

  test('the reset page checks the fields and refuses a made-up token', async ({ page }) => {
    await page.goto('/reset/verzonnen-token');
    await expect(page.getByLabel('Token', { exact: true })).toHaveValue('verzonnen-token');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page.getByText('Wachtwoord is verplicht', { exact: true })).toBeVisible();
    await expect(page.getByText('Bevestig je wachtwoord!')).toBeVisible();

    await page.getByLabel('Wachtwoord', { exact: true }).fill('Nieuw-wachtwoord-1');
    await page.getByLabel('Bevestig wachtwoord', { exact: true }).fill('Iets-anders-2');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page.getByText('Wachtwoord is niet hetzeflde als het gewenste wachtwoord.')).toBeVisible();

    await page.getByLabel('Token', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page.getByText('Token is verplicht!')).toBeVisible();

    await page.getByLabel('Token', { exact: true }).fill('verzonnen-token');
    await page.getByLabel('Bevestig wachtwoord', { exact: true }).fill('Nieuw-wachtwoord-1');
    await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Er is iets fouts gegaan...');
  });
});
