import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { must } from '@umrah/domain/must';
import { mailsFor, waitForMail } from '../support/mail.ts';
import { acceptCookies, solveCaptcha } from '../support/ui.ts';

// Content pages (SPEC 1, 2, 5, 7, 8, 9): the knowledge list with its category filter and an article,
// an unknown article id sent back to /kennis, the team filter on /over-ons, the contact form (Dutch
// messages, captcha, success text) with the office mail arriving at the test SMTP server, and the
// flyers on the home page.

const OFFICE = 'office@umrahreizen.nl';
const cards = (page: Page) => page.getByTestId('kennis-kaart');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 2 });

async function axeProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('content pages', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test('knowledge: the category buttons filter the cards, Alles shows all, Lees verder opens the article', async ({ page }) => {
    await page.goto('/kennis');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kennis');
    await expect(cardTitles(page)).toHaveText(['De stappen van de Umrah', 'Wat neem je mee?', 'Bezienswaardigheden in Medina']);
    const paklijst = cards(page).filter({ hasText: 'Wat neem je mee?' });
    await expect(paklijst.getByText('Voorbereiding')).toBeVisible();
    await expect(paklijst.getByText('Een paklijst voor je reis naar Mekka en Medina.')).toBeVisible();
    await expect(paklijst.locator('img')).toHaveAttribute('src', '/images/articles/paklijst.svg');

    const filters = page.getByRole('group', { name: 'Filter op categorie' });
    const alles = filters.getByRole('button', { name: 'Alles' });
    await expect(alles).toHaveAttribute('aria-pressed', 'true');
    await filters.getByRole('button', { name: 'Medina' }).click();
    await expect(cardTitles(page)).toHaveText(['Bezienswaardigheden in Medina']);
    await expect(alles).toHaveAttribute('aria-pressed', 'false');
    await filters.getByRole('button', { name: 'Voorbereiding' }).click();
    await expect(cardTitles(page)).toHaveText(['Wat neem je mee?', 'Bezienswaardigheden in Medina']);
    await filters.getByRole('button', { name: 'Medina' }).click();
    await expect(cardTitles(page)).toHaveText(['Wat neem je mee?']);
    await alles.click();
    await expect(cards(page)).toHaveCount(3);
    await page.mouse.move(0, 0);
    await expect(alles).toHaveCSS('background-color', 'rgb(8, 127, 91)');
    expect(await axeProblems(page, 'main')).toEqual([]);

    await paklijst.getByRole('link', { name: /Lees verder/ }).click();
    await expect(page).toHaveURL(/\/kennis\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wat neem je mee?');
    await expect(page.getByTestId('kennis-inhoud')).toContainText('Neem je paspoort, ihram-kleding');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByRole('link', { name: /Terug naar kennis/ }).click();
    await expect(page).toHaveURL(/\/kennis$/);
  });

  test('an unknown or invalid article id goes back to /kennis', async ({ page }) => {
    await page.goto('/kennis/999999');
    await expect(page).toHaveURL(/\/kennis$/);
    await expect(cards(page)).toHaveCount(3);
    await page.goto('/kennis/geen-id');
    await expect(page).toHaveURL(/\/kennis$/);
    // A flyer is no knowledge article.
    const flyers = (await (await page.request.get('/api/articles?type=1')).json()) as { articles: { id: number }[] };
    await page.goto(`/kennis/${must(flyers.articles[0], 'a seeded flyer').id}`);
    await expect(page).toHaveURL(/\/kennis$/);
  });

  test('about: intro and the team filtered Iedereen / Broeders / Zusters', async ({ page }) => {
    await page.goto('/over-ons');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over ons');
    await expect(page.getByRole('heading', { name: 'Wie wij zijn' })).toBeVisible();
    const names = page.getByTestId('teamlid').getByRole('heading', { level: 3 });
    await expect(names).toHaveText(['Yusuf El Amrani', 'Fatima Bakkali', 'Imam Abdelkader', 'Khadija Ouali']);
    await page.getByText('Zusters', { exact: true }).click();
    await expect(names).toHaveText(['Fatima Bakkali', 'Khadija Ouali']);
    await page.getByText('Broeders', { exact: true }).click();
    await expect(names).toHaveText(['Yusuf El Amrani', 'Imam Abdelkader']);
    await page.getByText('Iedereen', { exact: true }).click();
    await expect(names).toHaveCount(4);
  });

  test('contact: Dutch messages, the captcha, the success text and the office mail', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
    const list = page.getByTestId('contactlijst');
    await expect(list.getByRole('link', { name: 'info@umrahreizen.nl' })).toHaveAttribute('href', 'mailto:info@umrahreizen.nl');
    await expect(list.getByRole('link', { name: '020 123 45 67' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Kaart met ons kantoor: Herengracht 100, 1015 BS Amsterdam/ })).toBeVisible();

    const form = page.getByRole('form', { name: 'Contactformulier' });
    await form.getByRole('button', { name: 'Verzenden' }).click();
    await expect(form.getByText('Naam is verplicht!')).toBeVisible();
    await expect(form.getByText('Email is verplicht!')).toBeVisible();
    await expect(form.getByText('Bericht is verplicht', { exact: true })).toBeVisible();
    await expect(form.getByText('Verifieer dat u geen robot bent!')).toBeVisible();

    const sender = `e2e-contact-${Date.now()}@example.nl`;
    const officeBefore = mailsFor(OFFICE).length;
    await form.getByLabel('Naam').fill('Samira Bouzid');
    await form.getByLabel('Email').fill('geen-mail');
    await form.getByLabel('Bericht').fill('Is er nog plek in de reis van maart?');
    await form.getByRole('button', { name: 'Verzenden' }).click();
    await expect(form.getByText('Geen geldig email adres.')).toBeVisible();
    await form.getByLabel('Email').fill(sender);
    await solveCaptcha(form);
    expect(await axeProblems(page, 'main')).toEqual([]);
    await form.getByRole('button', { name: 'Verzenden' }).click();
    await expect(form.getByText(`Mail is verzonden! Binnenkort zal er contact worden opgenomen via ${sender}`)).toBeVisible();
    await expect(form.getByLabel('Naam')).toHaveValue('');

    const office = await waitForMail(OFFICE, { subject: /Samira Bouzid/, after: officeBefore });
    expect(office.text).toContain('Is er nog plek in de reis van maart?');
    expect(office.text).toContain(sender);
    const confirmation = await waitForMail(sender);
    // The confirmation never echoes the visitor's text (the form must not mail anyone anything from our address).
    expect(confirmation.text).not.toContain('Is er nog plek in de reis van maart?');
    expect(confirmation.text).toContain('Bedankt voor je bericht');
  });

  test('home: the flyers in a carousel that moves on by itself', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const flyers = page.getByTestId('flyers');
    await expect(flyers.getByTestId('flyer')).toHaveCount(3);
    await expect(flyers.getByRole('img', { name: /Umrah in de winter/ })).toBeVisible();
    // 3 flyers fit next to each other on a wide screen: nothing to scroll.
    await expect(flyers).toHaveAttribute('data-per-view', '3');
    await page.setViewportSize({ width: 500, height: 900 });
    await expect(flyers).toHaveAttribute('data-per-view', '2');
    // On a narrow screen the carousel moves on every 4.5 s by itself.
    await page.setViewportSize({ width: 380, height: 900 });
    await expect(flyers).toHaveAttribute('data-per-view', '1');
    const container = flyers.locator('.mantine-Carousel-container');
    const before = await container.getAttribute('style');
    await page.mouse.move(0, 0);
    await expect.poll(async () => container.getAttribute('style'), { timeout: 9_000 }).not.toBe(before);
  });

  test('a reload and back from another site return to where the page was; a link starts at the top', async ({ page }) => {
    const hydrated = () => expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto('/algemene-voorwaarden');
    await hydrated();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(scrollY).toBe(600);
    await page.reload();
    await hydrated();
    await expect.poll(scrollY).toBe(600);
    await page.goto('/contact'); // another document, as from another site
    await hydrated();
    expect(await scrollY()).toBe(0);
    await page.goBack();
    await hydrated();
    await expect.poll(scrollY).toBe(600);
    await page.getByRole('navigation', { name: 'Voettekst' }).getByRole('link', { name: 'Privacyverklaring' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(scrollY).toBe(0);
  });
});
