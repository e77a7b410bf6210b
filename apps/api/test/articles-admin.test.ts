import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ARTICLE_MSG, MSG, articleImageOf, notJpegMessage } from '@umrah/domain';
import type { ArticleDto as Article } from '@umrah/domain/contracts';
import { must } from '@umrah/domain/must';
import { articles } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';

// The admin's writes of articles, flyers and categories (docs/RULES.md, 'Screens', 'Validation', 'Calls', 'Messages'), the
// pictures (checked by content, re-encoded, stored, served, deleted) and the public lists' caches.

let app: FastifyInstance;
let admin: Record<string, string>;
let uploads: string;

beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), 'articles-admin-'));
  app = await createTestApp({ fileStore: { kind: 'local', dir: uploads } });
  admin = auth(await adminToken(app));
});
afterAll(async () => {
  await app?.close();
  await rm(uploads, { recursive: true, force: true });
});

const jpeg = (width = 1600, height = 1200, withExif = false) => {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } });
  if (withExif) img = img.withExif({ IFD0: { Copyright: 'geheime-exif-tekst', Artist: 'geheime-fotograaf' } });
  return img.jpeg().toBuffer();
};
const dataUrl = (b: Buffer, type = 'image/jpeg') => `data:${type};base64,${b.toString('base64')}`;

async function articleBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 0,
    label: 'Zamzam water',
    description: 'Over het water van Zamzam.',
    html: '<p>Zamzam is gezegend water.</p>',
    categories: [],
    image: { name: 'zamzam.jpg', data: dataUrl(await jpeg()) },
    ...overrides,
  };
}

const list = async (type: number): Promise<Article[]> => (await app.inject({ method: 'GET', url: `/api/articles?type=${type}` })).json().articles;
const filesOnDisk = async () => {
  const dir = path.join(uploads, 'articles');
  const out: string[] = [];
  for (const folder of await readdir(dir).catch(() => [] as string[]))
    for (const f of await readdir(path.join(dir, folder))) out.push(`${folder}/${f}`);
  return out.sort();
};

describe('who may write', () => {
  const calls = [
    { method: 'POST', url: '/api/article' },
    { method: 'PUT', url: '/api/article/1' },
    { method: 'DELETE', url: '/api/article/1' },
    { method: 'POST', url: '/api/articlecat' },
    { method: 'PUT', url: '/api/articlecat/1' },
    { method: 'DELETE', url: '/api/articlecat/1' },
  ] as const;

  it('anonymous 401, customer and bookkeeper 403, before the body is read; nothing changes', async () => {
    const customer = auth(await customerToken(app));
    const bookkeeper = auth(await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password));
    const before = await app.ctx.db.select().from(articles);
    for (const c of calls) {
      const payload = c.method === 'DELETE' ? undefined : { label: 'x' };
      expect((await app.inject({ ...c, payload })).statusCode, `${c.method} ${c.url}`).toBe(401);
      const asCustomer = await app.inject({ ...c, payload, headers: customer });
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().message).toBe(MSG.forbidden);
      expect((await app.inject({ ...c, payload, headers: bookkeeper })).statusCode).toBe(403);
    }
    expect(await app.ctx.db.select().from(articles)).toEqual(before);
  });
});

describe('articles and flyers', () => {
  let created: Article;

  it('adds an article: html sanitised before it is stored, photo in three formats and two widths, lists updated at once', async () => {
    const publish = vi.spyOn(app.ctx.events, 'publish');
    // Warm the public caches first: the new article must show without waiting for a TTL.
    const beforeList = await list(0);
    const cats = (await app.inject({ method: 'GET', url: '/api/articlecats' })).json().articleCategories;
    const body = await articleBody({
      html: '<p onclick="steal()">Veilig <a href="javascript:alert(1)">link</a></p><script>alert("xss")</script><img src="https://x.nl/a.png" onerror="alert(2)">',
      categories: [cats[0].article_category_id],
      image: { name: 'Zamzam.JPEG', data: dataUrl(await jpeg(2000, 1500, true)) },
    });
    const res = await app.inject({ method: 'POST', url: '/api/article', headers: admin, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('CREATED');
    created = res.json().article;
    expect(created.categories.map((c) => c.article_category_id)).toEqual([cats[0].article_category_id]);

    const row = must((await app.ctx.db.select().from(articles).where(eq(articles.id, created.id)))[0], 'the created article');
    for (const html of [row.html, created.html]) {
      expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(html).toContain('Veilig');
    }

    const image = articleImageOf(row.flex as Record<string, unknown>)!;
    expect(image.sizes).toEqual([
      { width: 480, height: 365 },
      { width: 1200, height: 912 },
    ]);
    expect(row.img).toBe(`${image.base}/1200.jpg`);
    expect(image.base).toMatch(/^\/api\/files\/articles\/[a-f0-9]{24}$/);
    expect(await filesOnDisk()).toHaveLength(6);

    for (const [ext, type, format] of [
      ['avif', 'image/avif', 'heif'],
      ['webp', 'image/webp', 'webp'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ]) {
      for (const s of image.sizes) {
        const file = await app.inject({ method: 'GET', url: `${image.base}/${s.width}.${ext}` });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(type);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(file.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, s.width, s.height]);
        // Re-encoded: the camera's EXIF (names, GPS) never reaches the public file.
        expect(meta.exif).toBeUndefined();
        expect(file.rawPayload.includes('geheime-exif-tekst')).toBe(false);
      }
    }

    const afterList = await list(0);
    expect(afterList).toHaveLength(beforeList.length + 1);
    const shown = afterList.find((a) => a.id === created.id)!;
    expect(shown.img).toBe(row.img);
    expect(shown.html).not.toMatch(/script/i);
    expect(publish).toHaveBeenCalledWith('catalog');
    publish.mockRestore();
  });

  it('adds a flyer cropped to 0.70625; no html needed', async () => {
    const before = await list(1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/article',
      headers: admin,
      payload: await articleBody({
        type: 1,
        label: 'Ramadan Umrah',
        html: '',
        image: { name: 'flyer.jpg', data: (await jpeg(1300, 1840)).toString('base64') },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const flyer: Article = res.json().article;
    expect(articleImageOf(flyer.flex)!.sizes).toEqual([
      { width: 480, height: 680 },
      { width: 1200, height: 1699 },
    ]);
    expect((await list(1)).map((f) => f.id)).toEqual([...before.map((f) => f.id), flyer.id]);
    expect((await app.inject({ method: 'DELETE', url: `/api/article/${flyer.id}`, headers: admin })).statusCode).toBe(200);
  });

  it('a narrow photo gives only the widths it has', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/article',
      headers: admin,
      payload: await articleBody({ image: { name: 'klein.jpg', data: dataUrl(await jpeg(700, 600)) } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(articleImageOf(res.json().article.flex)!.sizes).toEqual([
      { width: 480, height: 365 },
      { width: 700, height: 532 },
    ]);
    expect((await app.inject({ method: 'DELETE', url: `/api/article/${res.json().article.id}`, headers: admin })).statusCode).toBe(200);
  });

  it('refuses what is no JPEG by its content, with the spec message naming the file', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const files = await filesOnDisk();
    const cases: [string, string][] = [
      ['vakantie.jpg', dataUrl(png, 'image/jpeg')], // a PNG renamed .jpg
      ['foto.png', dataUrl(await jpeg())], // a real JPEG with another name: the spec allows jpg/jpeg files only
      ['kapot.jpg', dataUrl(Buffer.concat([(await jpeg()).subarray(0, 400), Buffer.alloc(2000, 7)]))], // broken pixels
      ['tekst.jpg', Buffer.from('geen plaatje').toString('base64')],
      ['geen-base64.jpg', 'data:image/jpeg;base64,@@@'],
    ];
    for (const [name, data] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/article', headers: admin, payload: await articleBody({ image: { name, data } }) });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(notJpegMessage(name));
    }
    expect(notJpegMessage('vakantie.jpg')).toBe('vakantie.jpg is geen a jpg of jpeg bestand.');
    expect(await filesOnDisk()).toEqual(files);
  });

  it('validates the form with the spec messages; too large is a Dutch 413', async () => {
    const post = async (overrides: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/article', headers: admin, payload: await articleBody(overrides) });
    const cases: [Record<string, unknown>, string][] = [
      [{ image: undefined }, ARTICLE_MSG.photo],
      [{ html: '<p> &nbsp;</p>' }, ARTICLE_MSG.html],
      // Nothing left once the script is removed: no content at all.
      [{ html: '<script>alert(1)</script>' }, ARTICLE_MSG.html],
      [{ label: '  ' }, ARTICLE_MSG.label],
      [{ description: '' }, ARTICLE_MSG.description],
      [{ html: `<p>${'a'.repeat(100_001)}</p>` }, 'Kennis mag maximaal 100000 tekens lang zijn.'],
      [{ type: 2 }, ARTICLE_MSG.type],
      [{ categories: [2_147_483_000] }, ARTICLE_MSG.unknownCategory],
      [{ image: { name: 'klein.jpg', data: dataUrl(await jpeg(120, 90)) } }, ARTICLE_MSG.photoTooSmall],
    ];
    for (const [overrides, message] of cases) {
      const res = await post(overrides);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const huge = await app.inject({
      method: 'POST',
      url: '/api/article',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify(await articleBody({ image: { name: 'groot.jpg', data: 'A'.repeat(7 * 1024 * 1024) } })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(ARTICLE_MSG.photoTooLarge);
    // Under the body limit but over 4 MB once decoded.
    const big = await post({
      image: {
        name: 'groot.jpg',
        data: Buffer.alloc(4 * 1024 * 1024 + 10, 1)
          .toString('base64')
          .slice(0, 5_599_000),
      },
    });
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().message).toBe(ARTICLE_MSG.photoTooLarge);
  });

  it('edits: UPDATED, the photo kept without a new one, replaced (old files deleted) with one; lists change at once', async () => {
    const oldImage = articleImageOf(created.flex)!;
    await list(0);
    const { image: _unused, ...noPhoto } = await articleBody({ label: 'Zamzam water (bijgewerkt)', html: '<p>Nieuw</p><script>x()</script>' });
    const res = await app.inject({ method: 'PUT', url: `/api/article/${created.id}`, headers: admin, payload: noPhoto });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('UPDATED');
    expect(res.json().article.img).toBe(created.img);
    expect(res.json().article.categories).toEqual([]);
    const shown = (await list(0)).find((a) => a.id === created.id)!;
    expect(shown.label).toBe('Zamzam water (bijgewerkt)');
    expect(shown.html).toBe('<p>Nieuw</p>');

    const withPhoto = await app.inject({
      method: 'PUT',
      url: `/api/article/${created.id}`,
      headers: admin,
      payload: await articleBody({ image: { name: 'nieuw.jpg', data: dataUrl(await jpeg(1300, 990)) } }),
    });
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    const newImage = articleImageOf(withPhoto.json().article.flex)!;
    expect(newImage.base).not.toBe(oldImage.base);
    expect((await app.inject({ method: 'GET', url: `${oldImage.base}/480.jpg` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${newImage.base}/480.webp` })).statusCode).toBe(200);
    expect((await filesOnDisk()).every((f) => newImage.base.endsWith(must(f.split('/')[0], 'split gives at least one part')))).toBe(true);
    expect((await list(0)).find((a) => a.id === created.id)!.img).toBe(`${newImage.base}/1200.jpg`);
    created = withPhoto.json().article;

    const missing = await app.inject({ method: 'PUT', url: '/api/article/2147483647', headers: admin, payload: noPhoto });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes: gone from the lists at once, its files deleted; a second delete is a 404', async () => {
    const image = articleImageOf(created.flex)!;
    await list(0);
    const res = await app.inject({ method: 'DELETE', url: `/api/article/${created.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('DELETED');
    expect((await list(0)).some((a) => a.id === created.id)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/article/${created.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${image.base}/1200.avif` })).statusCode).toBe(404);
    expect(await filesOnDisk()).toEqual([]);
    expect((await app.inject({ method: 'DELETE', url: `/api/article/${created.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('the file route serves nothing outside the pictures', async () => {
    for (const url of [
      '/api/files/articles/..%2F..%2Fetc/passwd',
      '/api/files/articles/aaaaaaaaaaaaaaaaaaaaaaaa/1200.png',
      '/api/files/articles/aaaaaaaaaaaaaaaaaaaaaaaa/1200.jpg',
      '/api/files/articles/AAAA/1.jpg',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('categories', () => {
  it('add, rename and delete with the lists changed at once; the articles stay', async () => {
    await app.inject({ method: 'GET', url: '/api/articlecats' });
    const add = await app.inject({ method: 'POST', url: '/api/articlecat', headers: admin, payload: { label: 'Hadj', flex: {} } });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json().articleCategory.article_category_id;
    const cats = async () =>
      (await app.inject({ method: 'GET', url: '/api/articlecats' })).json().articleCategories as { article_category_id: number; label: string }[];
    expect((await cats()).some((c) => c.article_category_id === id && c.label === 'Hadj')).toBe(true);

    const article = await app.inject({ method: 'POST', url: '/api/article', headers: admin, payload: await articleBody({ categories: [id] }) });
    expect(article.statusCode, article.body).toBe(201);
    const articleId = article.json().article.id;

    const rename = await app.inject({ method: 'PUT', url: `/api/articlecat/${id}`, headers: admin, payload: { label: 'Hadj en Umrah' } });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().message).toBe('UPDATED');
    expect((await cats()).find((c) => c.article_category_id === id)!.label).toBe('Hadj en Umrah');
    expect((await list(0)).find((a) => a.id === articleId)!.categories.map((c) => c.label)).toEqual(['Hadj en Umrah']);

    const del = await app.inject({ method: 'DELETE', url: `/api/articlecat/${id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect((await cats()).some((c) => c.article_category_id === id)).toBe(false);
    expect((await list(0)).find((a) => a.id === articleId)!.categories).toEqual([]);
    expect((await app.inject({ method: 'DELETE', url: `/api/articlecat/${id}`, headers: admin })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: `/api/articlecat/${id}`, headers: admin, payload: { label: 'x' } })).statusCode).toBe(404);
    await app.inject({ method: 'DELETE', url: `/api/article/${articleId}`, headers: admin });
  });

  it('a name is required', async () => {
    for (const payload of [{}, { label: '   ' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/articlecat', headers: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ARTICLE_MSG.categoryLabel);
    }
  });
});
