import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { DEMO, acceptCookies, dialog, fillAccountFields, loginByToken, newAccount, solveCaptcha } from '../support/ui.ts';

// The lead forms (SPEC 2 Morocco offer and 'Umrah op maat', SPEC 5, 7, 8): a visitor sends both
// requests, sees the success text for 5 seconds, both mails reach the SMTP server, and an admin
// finds the requests in the dashboard. Plus the chat widget (SPEC 1, CHAT_URL set in global-setup).

const OFFICE = 'office@umrahreizen.nl';
const SENT = 'Er zal binnen 5 tot 7 dagen contact opgenomen worden.';

async function axeProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The success text shows, stays about 5 seconds, and then the modal closes. */
async function expectSentFor5Seconds(page: Page, title: string) {
  const modal = dialog(page, title);
  await expect(modal.getByRole('status')).toContainText(SENT);
  const shownAt = Date.now();
  await page.waitForTimeout(3500);
  await expect(modal.getByRole('status')).toContainText(SENT);
  await expect(modal).toBeHidden({ timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4000);
}

test.describe('requests', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('Morocco: the messages, then a sent request with both mails, and the admin sees the lead', async ({ page, browser }) => {
    const visitor = newAccount({ firstName: 'Nadia', lastName: 'Marrakchi' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Reserveer nu' }).first().click();
    const modal = dialog(page, 'Reserveren: Umrah vanuit Marokko');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Aanvraag versturen' }).click();
    for (const msg of ['De keuze van het jaar is verplicht!', 'Voornaam is verplicht!', 'Land is verplicht!', 'Verifieer dat u geen robot bent!'])
      await expect(modal.getByText(msg)).toBeVisible();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);

    await modal.getByPlaceholder('Kies een periode').click();
    await page.getByRole('option', { name: 'Wintervakantie' }).click();
    await fillAccountFields(modal, visitor);
    await solveCaptcha(modal);
    const officeBefore = mailsFor(OFFICE).length;
    await modal.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expectSentFor5Seconds(page, 'Reserveren: Umrah vanuit Marokko');

    const office = await waitForMail(OFFICE, { subject: `Umrah vanuit Marokko: Nadia Marrakchi <${visitor.email}>`, after: officeBefore });
    expect(office.text).toContain('Gewenste periode: Wintervakantie');
    expect(office.text).toContain('Geboortedatum: 14-03-1988');
    const confirmation = await waitForMail(visitor.email, { subject: 'We hebben je aanvraag ontvangen' });
    expect(confirmation.text).toContain(SENT);
    expect(confirmation.text).not.toContain('Nadia');

    // The admin finds the lead in the dashboard and marks it contacted with a note.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await acceptCookies(admin);
    await loginByToken(admin, DEMO.admin.email, DEMO.admin.password);
    await admin.goto('/admin');
    const leads = admin.getByRole('region', { name: 'Aanvragen' });
    await leads.getByRole('textbox', { name: 'Zoek in aanvragen' }).fill(visitor.email);
    const card = leads.getByRole('article', { name: /Nadia Marrakchi/ });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Periode: Wintervakantie');
    await card.locator('input:not([type=hidden])').first().click();
    await admin.getByRole('option', { name: 'Contact opgenomen' }).click();
    await card.getByRole('textbox', { name: 'Notitie' }).fill('Gebeld, belt terug');
    await card.getByRole('button', { name: 'Opslaan' }).click();
    await expect(admin.getByText('Aanvraag is gewijzigd.')).toBeVisible();
    // After the save the list is read again: the lead left the 'Open' filter; under 'Contact
    // opgenomen' it shows with the stored status and note.
    await expect(card).toHaveCount(0);
    await leads.getByText('Contact opgenomen', { exact: true }).first().click();
    await expect(card).toBeVisible();
    await expect(card.locator('.mantine-Badge-root').last()).toHaveText('Contact opgenomen');
    await expect(card.getByRole('textbox', { name: 'Notitie' })).toHaveValue('Gebeld, belt terug');
    await adminContext.close();
  });

  test("'Umrah op maat': a visitor without an account sends the request and is logged in; both mails arrive", async ({ page }) => {
    const visitor = newAccount({ firstName: 'Karim', lastName: 'Op-Maat' });
    await page.goto('/pakketten');
    await page.getByText('Eigen datum').click();
    const modal = dialog(page, 'Umrah op maat');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Kamer 1 verwijderen' }).click();
    await modal.getByRole('button', { name: 'Aanvraag versturen' }).click();
    for (const msg of ['Periode is verplicht!', 'Minimaal 1 item!', 'Email is verplicht!', 'Wachtwoord is verplicht'])
      await expect(modal.getByText(msg)).toBeVisible();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);

    await modal.getByRole('button', { name: 'Kamer toevoegen' }).click();
    await modal.getByRole('textbox', { name: 'Kinderen' }).fill('1');
    // The period: the 10th to the 20th of next month, picked in the calendar.
    await modal.getByRole('button', { name: 'Periode' }).click();
    await page.locator('[data-direction="next"]').first().click();
    await page.getByRole('button', { name: /^10 / }).click();
    await page.getByRole('button', { name: /^20 / }).click();
    await modal.getByRole('textbox', { name: 'Hotel (voorkeur)' }).fill('Pullman Zamzam');
    await fillAccountFields(modal, visitor);
    await modal.getByLabel('Wachtwoord', { exact: true }).fill(visitor.password);
    await solveCaptcha(modal);
    const officeBefore = mailsFor(OFFICE).length;
    await modal.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expectSentFor5Seconds(page, 'Umrah op maat');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Karim Op-Maat' })).toBeVisible();

    const office = await waitForMail(OFFICE, { subject: `Umrah op maat: Karim Op-Maat <${visitor.email}>`, after: officeBefore });
    expect(office.text).toMatch(/Periode: 10-\d\d-\d{4} t\/m 20-\d\d-\d{4}/);
    expect(office.text).toContain('Hotel: Pullman Zamzam');
    expect(office.text).toContain('Kamer 1: 2 volwassene(n), 1 kind(eren)');
    const confirmation = await waitForMail(visitor.email, { subject: 'We hebben je aanvraag ontvangen' });
    expect(confirmation.text).not.toContain('Pullman');
  });

  test('the chat button opens the chat link with the typed text in a new window', async ({ page, context }) => {
    await context.route('https://chat.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Chat</title>' }));
    await page.goto('/contact');
    await expect(page.getByText('Onze klantenservice reageert meestal binnen vier uur.')).toBeVisible();
    await page.getByRole('button', { name: 'Chat met ons' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat met ons' });
    await expect(panel).toBeVisible();
    const box = panel.getByRole('textbox', { name: 'Je bericht' });
    await expect(box).toBeFocused();
    await box.fill('Salaam, is er plek in maart?');
    const popup = context.waitForEvent('page');
    await panel.getByRole('button', { name: 'Verstuur' }).click();
    const chat = await popup;
    await chat.waitForLoadState();
    expect(chat.url()).toBe('https://chat.example/start?text=Salaam%2C%20is%20er%20plek%20in%20maart%3F');
    await chat.close();
  });
});
