import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, contactSentMessage } from '@umrah/domain';
import type { ArticleDto as Article } from '@umrah/domain/contracts';
import { must } from '@umrah/domain/must';
import { articleCategoryLinks, articles, mailOutbox } from '../src/db/schema.ts';
import { invalidateCatalog } from '../src/infra/http/catalog-cache.ts';
import { createTestApp, solveCaptcha } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('articles, categories and team', () => {
  it('lists the knowledge articles (type 0) with their categories, and the flyers (type 1)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/articles?type=0' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const list: Article[] = res.json().articles;
    expect(list.map((a) => a.label)).toEqual(['De stappen van de Umrah', 'Wat neem je mee?', 'Bezienswaardigheden in Medina']);
    expect(list.every((a) => a.type === 0)).toBe(true);
    expect(list[1]?.categories.map((c) => c.label).sort()).toEqual(['Umrah', 'Voorbereiding']);
    expect(list[2]?.categories.map((c) => c.label)).toEqual(['Medina']);

    const flyers: Article[] = (await app.inject({ method: 'GET', url: '/api/articles?type=1' })).json().articles;
    expect(flyers.map((f) => f.label)).toEqual(['Umrah in de winter', 'Umrah vanuit Marokko', 'Arabische les']);
    expect(flyers.every((f) => f.type === 1 && f.img?.startsWith('/images/flyers/'))).toBe(true);

    const again = await app.inject({ method: 'GET', url: '/api/articles?type=0', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ method: 'GET', url: '/api/articles?type=7' })).statusCode).toBe(400);
  });

  it('lists the categories as { articleCategories: [{ article_category_id, label }] }', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/articlecats' });
    expect(res.statusCode).toBe(200);
    const cats = res.json().articleCategories;
    expect(cats.map((c: { label: string }) => c.label)).toEqual(['Medina', 'Umrah', 'Voorbereiding']);
    expect(Object.keys(cats[0]).sort()).toEqual(['article_category_id', 'label']);
  });

  it('serves one article and answers 404 for an unknown id', async () => {
    const list: Article[] = (await app.inject({ method: 'GET', url: '/api/articles?type=0' })).json().articles;
    const first = must(list[0], 'a seeded article');
    const one = await app.inject({ method: 'GET', url: `/api/article/${first.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: first.id, label: 'De stappen van de Umrah', categories: [{ label: 'Umrah' }] });
    expect(one.json().html).toContain('<p>De Umrah bestaat uit vier stappen');
    const missing = await app.inject({ method: 'GET', url: '/api/article/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Artikel niet gevonden.');
    expect((await app.inject({ method: 'GET', url: '/api/article/abc' })).statusCode).toBe(400);
  });

  it('never serves script from stored article html', async () => {
    const [inserted] = await app.ctx.db
      .insert(articles)
      .values({
        type: 0,
        label: 'Gevaarlijk',
        description: 'x',
        html:
          '<p>Veilig</p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
          '<a href="javascript:alert(3)" onclick="alert(4)">link</a><iframe src="https://evil.test"></iframe>' +
          '<svg onload="alert(5)"></svg><a href="https://umrahreizen.nl" target="_blank">ok</a>',
      })
      .returning();
    const row = must(inserted, 'the inserted article');
    invalidateCatalog(app.ctx);
    const one = (await app.inject({ method: 'GET', url: `/api/article/${row.id}` })).json();
    const listed = ((await app.inject({ method: 'GET', url: '/api/articles?type=0' })).json().articles as Article[]).find((a) => a.id === row.id)!;
    for (const html of [one.html as string, listed.html]) {
      expect(html).toContain('<p>Veilig</p>');
      expect(html).toContain('href="https://umrahreizen.nl"');
      expect(html).toContain('rel="noopener noreferrer"');
      expect(html.toLowerCase()).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg/);
    }
    await app.ctx.db.delete(articleCategoryLinks).where(eq(articleCategoryLinks.articleId, row.id));
    await app.ctx.db.delete(articles).where(eq(articles.id, row.id));
    invalidateCatalog(app.ctx);
  });

  it('lists the team with type male/female in position order', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/team' });
    expect(res.statusCode).toBe(200);
    const team = res.json().team as { name: string; type: string }[];
    expect(team.map((t) => [t.name, t.type])).toEqual([
      ['Yusuf El Amrani', 'male'],
      ['Fatima Bakkali', 'female'],
      ['Imam Abdelkader', 'male'],
      ['Khadija Ouali', 'female'],
    ]);
  });
});

describe('POST /api/contact', () => {
  const valid = { name: 'Maryam Jansen', email: 'Maryam.Contact@Example.nl', message: 'Wanneer vertrekt de reis in maart?' };
  let client = 0;
  /** Each test posts from its own address: the limit of 5 a minute is tested on its own below. */
  const post = (payload: Record<string, string>, headers?: Record<string, string>, remoteAddress = `10.1.0.${++client}`) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: headers ? new URLSearchParams(payload).toString() : payload, headers, remoteAddress });
  const mailsTo = (to: string) => app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('refuses empty fields with the Dutch messages', async () => {
    const res = await post({ name: ' ', email: '', message: '', altcha: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { message: string }) => d.message)).toEqual([
      'Naam is verplicht!',
      'Email is verplicht!',
      'Bericht is verplicht',
    ]);
    const bad = await post({ ...valid, email: 'geen-mail', altcha: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Geen geldig email adres.');
  });

  it('answers 400 with a Dutch message to bodies it cannot use (bad JSON, no object, wrong types)', async () => {
    const cases: [string, string][] = [
      ['application/json', '{"name": "x", '],
      ['application/json', '[]'],
      ['application/json', 'null'],
      ['application/json', '"hallo"'],
      ['application/json', '{"name": 1, "email": true, "message": [], "altcha": 5}'],
      ['application/x-www-form-urlencoded', ''],
      ['application/x-www-form-urlencoded', 'name=&email=&message='],
    ];
    for (const [type, payload] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': type },
        payload,
        remoteAddress: `10.5.0.${++client}`,
      });
      expect(res.statusCode, `${type} ${payload} → ${res.body}`).toBe(400);
      expect(res.json().message, payload).toMatch(/verplicht|Ongeldig|ongeldig|geldig|Verifieer/);
    }
  });

  it('refuses a missing or wrong captcha and queues nothing', async () => {
    const before = (await app.ctx.db.select().from(mailOutbox)).length;
    const missing = await post(valid);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.robot);
    expect(missing.json().message).toBe('Verifieer dat u geen robot bent!');
    const wrong = await post({ ...valid, altcha: 'bm9wZQ==' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MSG.robot);
    expect((await app.ctx.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('queues the message for the office and a confirmation for the sender', async () => {
    const office = app.ctx.config.officeEmail;
    const officeBefore = (await mailsTo(office)).length;
    const res = await post({ ...valid, altcha: await solveCaptcha(app) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Mail is verzonden! Binnenkort zal er contact worden opgenomen via maryam.contact@example.nl' });
    expect(res.json().message).toBe(contactSentMessage('maryam.contact@example.nl'));

    const toOffice = (await mailsTo(office)).slice(officeBefore);
    expect(toOffice).toHaveLength(1);
    expect(toOffice[0]?.subject).toContain('Maryam Jansen');
    expect(toOffice[0]?.text).toContain('Wanneer vertrekt de reis in maart?');
    expect(toOffice[0]?.text).toContain('maryam.contact@example.nl');
    expect(toOffice[0]?.replyTo).toBe('maryam.contact@example.nl');
    const toSender = await mailsTo('maryam.contact@example.nl');
    expect(toSender).toHaveLength(1);
    // The confirmation never echoes the visitor's text: the form could otherwise mail anyone anything
    // from the agency's address.
    expect(toSender[0]?.text).not.toContain('Wanneer vertrekt de reis in maart?');
    expect(toSender[0]?.text).toContain('Maryam');
  });

  it('accepts a form-encoded body', async () => {
    const altcha = await solveCaptcha(app);
    const res = await post(
      { name: 'Ahmed', email: 'ahmed.form@example.nl', message: 'Via een formulier', altcha },
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Mail is verzonden! Binnenkort zal er contact worden opgenomen via ahmed.form@example.nl');
    expect(await mailsTo('ahmed.form@example.nl')).toHaveLength(1);
    const office = await mailsTo(app.ctx.config.officeEmail);
    expect(office.some((m) => m.text.includes('Via een formulier'))).toBe(true);
  });

  it('does not accept the same captcha solution twice', async () => {
    const altcha = await solveCaptcha(app);
    const first = await post({ ...valid, email: 'twice@example.nl', altcha }, undefined, '10.2.0.1');
    expect(first.statusCode).toBe(200);
    const second = await post({ ...valid, email: 'twice@example.nl', altcha }, undefined, '10.2.0.1');
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(MSG.robot);
    expect(await mailsTo('twice@example.nl')).toHaveLength(1);
  });

  it('allows 5 posts a minute from one address, then 429 with a Dutch message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post({ ...valid, altcha: 'bm9wZQ==' }, undefined, '10.3.0.1')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await post(valid, undefined, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManyRequests);
    expect((await post(valid, undefined, '10.3.0.2')).statusCode).toBe(400);
  });
});

describe('the contact mails over SMTP', () => {
  it('sends the office mail with Reply-To the visitor, and the confirmation to the visitor', async () => {
    const smtp = await startSmtpServer();
    const mailing = await createTestApp({ smtpUrl: smtp.url });
    try {
      const res = await mailing.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Yasmina', email: 'yasmina@example.nl', message: 'Graag een offerte.', altcha: await solveCaptcha(mailing) },
      });
      expect(res.statusCode).toBe(200);
      const kick = () => mailing.ctx.mail.kick();
      const office = await smtp.waitFor(mailing.ctx.config.officeEmail, 'Contactformulier: Yasmina <yasmina@example.nl>', kick);
      expect(office.parsed.replyTo?.value.map((v) => v.address)).toEqual(['yasmina@example.nl']);
      expect(office.text).toContain('Graag een offerte.');
      const confirmation = await smtp.waitFor('yasmina@example.nl', 'We hebben je bericht ontvangen', kick);
      expect(confirmation.parsed.replyTo).toBeUndefined();
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
