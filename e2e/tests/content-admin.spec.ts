import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCookies, dialog, loginByToken } from '../support/ui.ts';

// Content admin, in Chromium: the admin's 'Kennis/Flyers' tab. An article with a cropped JPEG and
// a flyer are added through the form, then show on /kennis and in the home carousel as AVIF/WebP/JPEG
// pictures; a <script> in article html never reaches the page; a PNG renamed .jpg is refused with
// the spec's message; the tab has no serious accessibility problem. Everything made is deleted again
// (through the tab), so the other content tests see the seeded lists.

type Article = { id: number; label: string; img: string | null; flex: { image?: { base: string; sizes: { width: number; height: number }[] } } };

async function axeProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A picture drawn in the browser's canvas, as a file's bytes (no image library needed). */
async function canvasImage(page: Page, type: 'image/jpeg' | 'image/png', width: number, height: number): Promise<Buffer> {
  const url = await page.evaluate(
    ([t, w, h]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, w, h);
      grad.addColorStop(0, '#0b6e4f');
      grad.addColorStop(1, '#f2c14e');
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#ffffff';
      g.fillRect(w / 3, h / 3, w / 3, h / 3);
      return c.toDataURL(t, 0.9);
    },
    [type, width, height] as const,
  );
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

const LABEL = `De Profetenmoskee ${Date.now()}`;
const FLYER = `Ramadan flyer ${Date.now()}`;

test.describe.configure({ mode: 'serial' });

test.describe('admin Kennis/Flyers', () => {
  let token: string;
  let article: Article;
  let flyer: Article;

  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
    token = await loginByToken(page, DEMO.admin.email, DEMO.admin.password);
  });

  test('adds an article with a cropped jpg and a flyer; a PNG renamed .jpg is refused', async ({ page }) => {
    await page.goto('/admin?tab=kennis');
    const panel = page.getByRole('tabpanel', { name: 'Kennis/Flyers' });
    await expect(panel.getByRole('heading', { name: 'Kennis artikelen' })).toBeVisible();
    await expect(panel.getByTestId('admin-kennis').getByText('De stappen van de Umrah')).toBeVisible();
    expect(await axeProblems(page, '[role="tabpanel"]')).toEqual([]);

    await panel.getByRole('button', { name: 'Kennis toevoegen' }).click();
    const form = dialog(page, 'Kennis toevoegen');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(form.getByText('Foto is verplicht!')).toBeVisible();
    await expect(form.getByText('Kennis is verplicht!')).toBeVisible();
    await expect(form.getByText('Titel is verplicht!')).toBeVisible();

    const png = await canvasImage(page, 'image/png', 900, 700);
    await form.locator('input[type="file"]').setInputFiles({ name: 'vakantie.jpg', mimeType: 'image/jpeg', buffer: png });
    await expect(form.getByText('vakantie.jpg is geen a jpg of jpeg bestand.')).toBeVisible();
    await expect(form.getByTestId('foto-uitsnede')).toHaveCount(0);
    // The server says the same when the browser check is bypassed.
    const direct = await page.request.post('/api/article', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        type: 0,
        label: 'x',
        description: 'x',
        html: '<p>x</p>',
        categories: [],
        image: { name: 'vakantie.jpg', data: png.toString('base64') },
      },
    });
    expect(direct.status()).toBe(400);
    expect((await direct.json()).message).toBe('vakantie.jpg is geen a jpg of jpeg bestand.');

    await form.getByLabel('Titel').fill(LABEL);
    await form.getByLabel('Beschrijving').fill('Een bezoek aan Masjid an-Nabawi.');
    await form.getByText('Medina', { exact: true }).click();
    const jpg = await canvasImage(page, 'image/jpeg', 1600, 1000);
    await form.locator('input[type="file"]').setInputFiles({ name: 'moskee.jpg', mimeType: 'image/jpeg', buffer: jpg });
    await expect(form.getByTestId('foto-uitsnede')).toBeVisible();
    await expect(form.getByText('geen a jpg')).toHaveCount(0);
    const editor = form.getByRole('textbox', { name: 'Kennis' });
    await editor.click();
    await editor.pressSequentially('De moskee van de Profeet in Medina. <script>window.__xss = 1</script>');
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/article'));
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Kennis is succesvol toegevoegd.')).toBeVisible();
    // What left the browser is the crop: a JPEG at 25/19, not the 16/10 original.
    const upload = (await sent).postDataJSON() as { image: { name: string; data: string } };
    expect(upload.image.name).toBe('moskee.jpg');
    expect(upload.image.data).toMatch(/^data:image\/jpeg;base64,/);
    const size = await page.evaluate(
      (src) =>
        new Promise<number[]>((resolve) =>
          Object.assign(new Image(), {
            src,
            onload(this: HTMLImageElement) {
              resolve([this.naturalWidth, this.naturalHeight]);
            },
          }),
        ),
      upload.image.data,
    );
    const [width = 0, height = 1] = size;
    expect(Math.abs(width / height - 25 / 19)).toBeLessThan(0.01);
    await expect(form).toBeHidden();
    await expect(panel.getByTestId('admin-kennis').getByText(LABEL)).toBeVisible();

    await panel.getByRole('button', { name: 'Flyer toevoegen' }).click();
    const flyerForm = dialog(page, 'Flyer toevoegen');
    await flyerForm.getByLabel('Titel').fill(FLYER);
    await flyerForm.getByLabel('Beschrijving').fill('Umrah in de Ramadan.');
    await flyerForm
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ramadan.JPEG', mimeType: 'image/jpeg', buffer: await canvasImage(page, 'image/jpeg', 1200, 1700) });
    await expect(flyerForm.getByTestId('foto-uitsnede')).toBeVisible();
    await flyerForm.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText(/^Flyer \d+ is toegevoegd\.$/)).toBeVisible();
    await expect(panel.getByTestId('admin-flyers').getByText(FLYER)).toBeVisible();

    const list = async (type: number) => ((await (await page.request.get(`/api/articles?type=${type}`)).json()) as { articles: Article[] }).articles;
    article = (await list(0)).find((a) => a.label === LABEL)!;
    flyer = (await list(1)).find((a) => a.label === FLYER)!;
    // Cropped in the browser at 25/19 and 0.70625, kept by the server at 480 and 1200 wide.
    expect(article.flex.image!.sizes).toEqual([
      { width: 480, height: 365 },
      { width: 1200, height: 912 },
    ]);
    expect(flyer.flex.image!.sizes).toEqual([
      { width: 480, height: 680 },
      { width: 1200, height: 1699 },
    ]);
    for (const [ext, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ]) {
      const res = await page.request.get(`${article.flex.image!.base}/480.${ext}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe(type);
    }
  });

  test('both show on /kennis and in the home carousel, as AVIF pictures', async ({ page }) => {
    await page.goto('/kennis');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: LABEL }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Medina', { exact: true })).toBeVisible();
    const img = card.locator('picture img');
    await expect(img).toHaveAttribute('width', '1200');
    await expect(img).toHaveAttribute('height', '912');
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /480\.avif 480w/);
    await img.scrollIntoViewIfNeeded();
    // Chromium picks the AVIF source, and it really loads.
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.currentSrc : ''))).toMatch(/\.avif$/);
    expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);

    await page.goto('/');
    const flyers = page.getByTestId('flyers');
    const flyerImg = flyers
      .getByRole('img', { name: new RegExp(FLYER) })
      .filter({ visible: true })
      .first();
    await expect(flyerImg).toBeVisible();
    await expect.poll(() => flyerImg.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0))).toBeGreaterThan(0);
  });

  test('a <script> in article html never reaches the page', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    // Straight to the API, as a hostile or broken client would: the editor itself never makes a script tag.
    const res = await page.request.put(`/api/article/${article.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        type: 0,
        label: LABEL,
        description: 'Een bezoek aan Masjid an-Nabawi.',
        html: '<p>Veilige tekst</p><script>window.__xss = 1; alert(1)</script><img src="/x.png" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">link</a>',
        categories: [],
      },
    });
    expect(res.status()).toBe(200);
    expect((await res.json()).message).toBe('UPDATED');

    await page.goto(`/kennis/${article.id}`);
    // The page's HTML as served (it may be prerendered on the server) and the live page alike.
    expect(await (await page.request.get(`/kennis/${article.id}`)).text()).not.toContain('__xss');
    await expect(page.locator('[data-testid="kennis-inhoud"] script')).toHaveCount(0);
    const content = page.getByTestId('kennis-inhoud').filter({ visible: true });
    await expect(content.getByText('Veilige tekst')).toBeVisible();
    expect(await content.innerHTML()).not.toMatch(/onerror|javascript:|<script/i);
    await content.getByText('link').click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  test('edits and deletes through the tab; categories too', async ({ page }) => {
    await page.goto('/admin?tab=kennis');
    const panel = page.getByRole('tabpanel', { name: 'Kennis/Flyers' });

    await panel.getByRole('button', { name: `artikel ${LABEL} wijzigen` }).click();
    const form = dialog(page, 'Kennis wijzigen');
    await form.getByLabel('Beschrijving').fill('Bijgewerkte beschrijving.');
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Kennis is gewijzigd.')).toBeVisible();

    await panel.getByRole('button', { name: 'Categorie toevoegen' }).click();
    const catForm = dialog(page, 'Categorie toevoegen');
    await catForm.getByRole('button', { name: 'Opslaan' }).click();
    await expect(catForm.getByText('Categorienaam is verplicht!')).toBeVisible();
    await catForm.getByLabel('Naam').fill('Ramadan');
    await catForm.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Categorie is succesvol toegevoegd.')).toBeVisible();
    await panel.getByRole('button', { name: 'Categorie Ramadan wijzigen' }).click();
    await dialog(page, 'Categorie wijzigen').getByLabel('Naam').fill('Ramadan Umrah');
    await dialog(page, 'Categorie wijzigen').getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Categorie is succesvol gewijzigd.')).toBeVisible();
    await panel.getByRole('button', { name: 'Categorie Ramadan Umrah verwijderen' }).click();
    await dialog(page, 'Categorie verwijderen').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('Categorie is succesvol verwijderd.')).toBeVisible();
    await expect(panel.getByTestId('admin-categorieen').getByText('Ramadan Umrah')).toHaveCount(0);

    for (const [kind, a] of [
      ['artikel', article],
      ['flyer', flyer],
    ] as const) {
      await panel.getByRole('button', { name: `${kind} ${a.label} verwijderen` }).click();
      const confirm = dialog(page, 'Verwijderen');
      await expect(confirm.getByText(a.label)).toBeVisible();
      await confirm.getByRole('button', { name: 'Verwijderen' }).click();
      await expect(page.getByText('Artikel succesvol verwijderd.').first()).toBeVisible();
      await expect(confirm).toBeHidden();
    }
    await expect(panel.getByText(LABEL)).toHaveCount(0);
    // The pictures went with them.
    expect((await page.request.get(`${article.flex.image!.base}/1200.jpg`)).status()).toBe(404);
    expect((await page.request.get(`${flyer.flex.image!.base}/480.avif`)).status()).toBe(404);
    await page.goto('/');
    await expect(
      page
        .getByTestId('flyers')
        .getByRole('img', { name: /Umrah in de winter/ })
        .first(),
    ).toBeAttached();
    await expect(page.getByTestId('flyers').getByRole('img', { name: new RegExp(FLYER) })).toHaveCount(0);
  });
});
