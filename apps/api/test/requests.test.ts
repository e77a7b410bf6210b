import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { mailOutbox, requests, users } from '../src/db/schema.ts';
import { REQUEST_CONFIRMATION_SUBJECT } from '../src/modules/requests/service.ts';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken, solveCaptcha, validAccount } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';

// The lead forms (docs/RULES.md, 'Entities', 'Validation', 'Calls' contact/individual and contact/individual_hadj, docs/RULES.md, 'Messages') and the
// admin's leads list; on PGlite, and on PostgreSQL with DATABASE_URL.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const SENT = 'Er zal binnen 5 tot 7 dagen contact opgenomen worden.';
let client = 0;
/** Each call from its own address: the limit of 5 a minute is tested on its own. */
const post = (url: string, payload: unknown, opts: { ip?: string; token?: string } = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.ip ?? `10.7.${Math.floor(++client / 250)}.${client % 250}`,
    headers: opts.token ? auth(opts.token) : undefined,
  });
const mailsTo = (to: string) => app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
const officeMailsAfter = (id: number) =>
  app.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, app.ctx.config.officeEmail), gt(mailOutbox.id, id)));
const lastMailId = async () => (await app.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).reduce((m, r) => Math.max(m, r.id), 0);

const morocco = (o: Record<string, unknown> = {}) => ({ desired_year: 'herfstvakantie', ...validAccount(), ...o });
const trip = (o: Record<string, unknown> = {}) => ({
  start: '2027-02-01',
  end: '2027-02-14',
  hotel_name: 'Swissôtel Makkah',
  hotel_rating: 5,
  rooms: [{ babys: 0, kids: 1, adults: 2 }],
  ...o,
});
const messages = (res: { json: () => { details?: { message: string }[] } }) => (res.json().details ?? []).map((d) => d.message);

describe('POST /api/contact/individual_hadj (Morocco)', () => {
  it('refuses empty fields with the Dutch messages of docs/RULES.md, Validation', async () => {
    const res = await post('/api/contact/individual_hadj', { altcha: 'x' });
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toEqual([
      'De keuze van het jaar is verplicht!',
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
    ]);
    const badYear = await post('/api/contact/individual_hadj', morocco({ desired_year: 'maart', altcha: 'x' }));
    expect(badYear.json().message).toBe('De keuze van het jaar is verplicht!');
    const dutchDate = await post('/api/contact/individual_hadj', morocco({ date_of_birth: '01-05-1990', altcha: 'x' }));
    expect(dutchDate.statusCode).toBe(400);
    expect(dutchDate.json().message).toBe('Geboortedatum is verplicht!');
    const tooLong = await post('/api/contact/individual_hadj', morocco({ city: 'x'.repeat(101), altcha: 'x' }));
    expect(tooLong.json().message).toBe('Woonplaats mag maximaal 100 tekens lang zijn.');
    const nul = await post('/api/contact/individual_hadj', morocco({ address: 'Straat\u0000 1', altcha: 'x' }));
    expect(nul.statusCode).toBe(400);
  });

  it('refuses a missing, wrong or replayed captcha and stores nothing', async () => {
    const before = (await app.ctx.db.select().from(requests)).length;
    const missing = await post('/api/contact/individual_hadj', morocco());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Verifieer dat u geen robot bent!');
    const wrong = await post('/api/contact/individual_hadj', morocco({ altcha: 'bm9wZQ==' }));
    expect(wrong.json().message).toBe(MSG.robot);

    const altcha = await solveCaptcha(app);
    expect((await post('/api/contact/individual_hadj', morocco({ altcha }))).statusCode).toBe(200);
    const replay = await post('/api/contact/individual_hadj', morocco({ altcha }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MSG.robot);
    expect((await app.ctx.db.select().from(requests)).length).toBe(before + 1);
  });

  it('stores the request, mails the office with Reply-To and confirms to the sender without echo', async () => {
    const mark = await lastMailId();
    const email = 'Zineb.Marokko@Example.nl';
    const res = await post(
      '/api/contact/individual_hadj',
      morocco({ email, first_name: 'Zineb', address: 'Klik-hier http://evil.example 1', altcha: await solveCaptcha(app) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: SENT });

    const [row] = await app.ctx.db.select().from(requests).where(eq(requests.email, 'zineb.marokko@example.nl'));
    expect(row).toMatchObject({ kind: 'morocco', status: 'open', note: '', userId: null });
    expect(row?.fields).toMatchObject({ desired_year: 'herfstvakantie', first_name: 'Zineb', date_of_birth: '1990-05-01' });
    expect(row?.fields).not.toHaveProperty('altcha');

    const office = await officeMailsAfter(mark);
    expect(office).toHaveLength(1);
    expect(office[0]?.replyTo).toBe('zineb.marokko@example.nl');
    expect(office[0]?.subject).toBe('Umrah vanuit Marokko: Zineb Haddou <zineb.marokko@example.nl>');
    for (const part of [
      'Gewenste periode: Herfstvakantie',
      'Geboortedatum: 01-05-1990',
      'Telefoonnummer: 0611111111',
      'Klik-hier http://evil.example 1',
    ])
      expect(office[0]?.text).toContain(part);

    const toSender = await mailsTo('zineb.marokko@example.nl');
    expect(toSender).toHaveLength(1);
    expect(toSender[0]?.subject).toBe(REQUEST_CONFIRMATION_SUBJECT);
    expect(toSender[0]?.text).toContain(SENT);
    // Fixed text: nothing the visitor typed (name, address with a link) comes back.
    for (const typed of ['Zineb', 'Haddou', 'evil.example', 'Kalverstraat', 'Klik-hier']) {
      expect(toSender[0]?.text).not.toContain(typed);
      expect(toSender[0]?.html ?? '').not.toContain(typed);
    }
  });

  it('sends at most 3 confirmations an hour to one address, counting the contact form too; the office gets every request', async () => {
    const email = 'veel-aanvragen@example.nl';
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Veel', email, message: 'hallo', altcha: await solveCaptcha(app) },
      remoteAddress: '10.9.9.9',
    });
    expect(contact.statusCode).toBe(200);
    const mark = await lastMailId();
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/contact/individual_hadj', morocco({ email, altcha: await solveCaptcha(app) }));
      expect(res.json().message).toBe(SENT);
    }
    expect(await mailsTo(email)).toHaveLength(3);
    expect(await officeMailsAfter(mark)).toHaveLength(3);
    expect((await app.ctx.db.select().from(requests).where(eq(requests.email, email))).length).toBe(3);
  });

  it('allows 5 posts a minute from one address, then 429 with a Dutch message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/contact/individual_hadj', morocco({ altcha: 'bm9wZQ==' }), { ip: '10.8.0.1' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await post('/api/contact/individual_hadj', morocco(), { ip: '10.8.0.1' });
    expect(blocked.json().message).toBe(MSG.tooManyRequests);
    expect((await post('/api/contact/individual_hadj', morocco(), { ip: '10.8.0.2' })).statusCode).toBe(400);
  });

  it('refuses a body over 16 kB with 413', async () => {
    const res = await post('/api/contact/individual_hadj', morocco({ address: 'x'.repeat(20_000) }));
    expect(res.statusCode).toBe(413);
  });
});

describe('POST /api/contact/individual (Umrah op maat)', () => {
  it('refuses a trip without rooms, counts or period with the Dutch messages', async () => {
    const token = await customerToken(app);
    const noRooms = await post('/api/contact/individual', trip({ rooms: [], altcha: 'x' }), { token });
    expect(noRooms.statusCode).toBe(400);
    expect(noRooms.json().message).toBe('Minimaal 1 item!');
    const noCounts = await post('/api/contact/individual', trip({ rooms: [{}], altcha: 'x' }), { token });
    expect(messages(noCounts)).toEqual(['Aantal is verplicht!', 'Aantal is verplicht!', 'Aantal is verplicht!']);
    const noPeriod = await post('/api/contact/individual', trip({ start: '', end: undefined, altcha: 'x' }), { token });
    expect(noPeriod.json().message).toBe('Periode is verplicht!');
    const byPath = (noPeriod.json().details as { path: string; message: string }[])
      .filter((d) => d.message === 'Periode is verplicht!')
      .map((d) => d.path);
    expect([...new Set(byPath)]).toEqual(['start', 'end']);
    const reversed = await post('/api/contact/individual', trip({ start: '2027-03-01', end: '2027-02-01', altcha: 'x' }), { token });
    expect(reversed.json().message).toBe('De einddatum moet op of na de begindatum liggen.');
    const stars = await post('/api/contact/individual', trip({ hotel_rating: 9, altcha: 'x' }), { token });
    expect(stars.json().message).toBe('Kies 1 tot 5 sterren.');
  });

  it('asks a visitor who is not logged in for the registration fields and a password, before spending the captcha', async () => {
    const altcha = await solveCaptcha(app);
    const res = await post('/api/contact/individual', trip({ altcha }));
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toEqual([
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
    ]);
    expect(res.json().details[0].path).toBe('email');
    // The captcha was not used up by the refused form.
    const account = validAccount();
    const ok = await post('/api/contact/individual', trip({ ...account, password: 'Geheim-2027', altcha }));
    expect(ok.statusCode).toBe(200);
  });

  it('creates the account together with the request when not logged in, and answers with a session token', async () => {
    const mark = await lastMailId();
    const account = validAccount({ first_name: 'Bilal' });
    const res = await post('/api/contact/individual', trip({ ...account, password: 'Geheim-2027', altcha: await solveCaptcha(app) }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: SENT });
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: auth(res.json().token) });
    expect(me.json().email ?? me.json().user?.email).toBe(account.email);
    expect(await loginToken(app, account.email, 'Geheim-2027')).toBeTruthy();

    const user = must((await app.ctx.db.select().from(users).where(eq(users.email, account.email)))[0], 'the new account');
    const [row] = await app.ctx.db.select().from(requests).where(eq(requests.email, account.email));
    expect(row).toMatchObject({ kind: 'custom', userId: user.id, status: 'open' });
    expect(row?.fields).toEqual({
      start: '2027-02-01',
      end: '2027-02-14',
      hotel_name: 'Swissôtel Makkah',
      hotel_rating: 5,
      rooms: [{ babys: 0, kids: 1, adults: 2 }],
    });
    expect(JSON.stringify(row?.fields)).not.toContain('Geheim');

    const office = await officeMailsAfter(mark);
    expect(office).toHaveLength(1);
    expect(office[0]?.replyTo).toBe(account.email);
    for (const part of [
      'Periode: 01-02-2027 t/m 14-02-2027',
      'Hotel: Swissôtel Makkah (5 sterren)',
      'Kamer 1: 2 volwassene(n), 1 kind(eren), 0 baby',
      'Bilal Haddou',
    ])
      expect(office[0]?.text).toContain(part);
    expect(office[0]?.text).not.toContain('Geheim');
    const toSender = await mailsTo(account.email);
    expect(toSender.map((m) => m.subject)).toContain(REQUEST_CONFIRMATION_SUBJECT);
    const confirmation = toSender.find((m) => m.subject === REQUEST_CONFIRMATION_SUBJECT)!;
    expect(confirmation.text).not.toContain('Swissôtel');
    expect(confirmation.text).not.toContain('Bilal');
  });

  it('refuses an address that already has an account with 422, and stores nothing', async () => {
    const before = (await app.ctx.db.select().from(requests)).length;
    const res = await post(
      '/api/contact/individual',
      trip({ ...validAccount({ email: DEMO_ACCOUNTS.customer.email }), password: 'Geheim-2027', altcha: await solveCaptcha(app) }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.emailTaken);
    expect((await app.ctx.db.select().from(requests)).length).toBe(before);
  });

  it("uses the logged-in customer's account details and needs no password", async () => {
    const token = await customerToken(app);
    const mark = await lastMailId();
    const res = await post('/api/contact/individual', trip({ hotel_name: '', hotel_rating: null, altcha: await solveCaptcha(app) }), { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: SENT, token: null });
    const office = await officeMailsAfter(mark);
    expect(office).toHaveLength(1);
    expect(office[0]?.replyTo).toBe(DEMO_ACCOUNTS.customer.email);
    expect(office[0]?.subject).toBe(`Umrah op maat: Ahmed Yilmaz <${DEMO_ACCOUNTS.customer.email}>`);
    expect(office[0]?.text).toContain('Hotel: -');
    const rows = await app.ctx.db.select().from(requests).where(eq(requests.email, DEMO_ACCOUNTS.customer.email));
    expect(rows.at(-1)?.userId).not.toBeNull();
  });

  it('refuses an invalid token with 401 instead of treating the caller as a guest', async () => {
    const res = await post('/api/contact/individual', trip({ altcha: 'x' }), { token: 'geen.geldig.token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin: the leads list', () => {
  it('lists, filters, searches, pages and updates requests', async () => {
    const token = await adminToken(app);
    const list = await app.inject({ method: 'GET', url: '/api/admin/requests', headers: auth(token) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.page_size).toBe(25);
    const zineb = body.requests.find((r: { email: string }) => r.email === 'zineb.marokko@example.nl');
    expect(zineb).toMatchObject({ kind: 'morocco', status: 'open', name: 'Zineb Haddou' });
    const custom = body.requests.find((r: { email: string }) => r.email === DEMO_ACCOUNTS.customer.email);
    expect(custom.name).toBe('Ahmed Yilmaz');

    const search = await app.inject({ method: 'GET', url: '/api/admin/requests?q=zineb', headers: auth(token) });
    expect(search.json().requests.map((r: { email: string }) => r.email)).toEqual(['zineb.marokko@example.nl']);
    // LIKE wildcards are searched literally.
    expect((await app.inject({ method: 'GET', url: '/api/admin/requests?q=%25', headers: auth(token) })).json().total).toBe(0);

    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/requests/${zineb.id}`,
      headers: auth(token),
      payload: { status: 'contacted', note: 'Gebeld op dinsdag' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ status: 'contacted', note: 'Gebeld op dinsdag' });
    const contacted = (await app.inject({ method: 'GET', url: '/api/admin/requests?status=contacted', headers: auth(token) })).json();
    expect(contacted.requests.map((r: { id: number }) => r.id)).toEqual([zineb.id]);
    const open = (await app.inject({ method: 'GET', url: '/api/admin/requests?status=open', headers: auth(token) })).json();
    expect(open.total).toBe(body.total - 1);
    const page2 = (await app.inject({ method: 'GET', url: '/api/admin/requests?page=2', headers: auth(token) })).json();
    expect(page2.requests).toHaveLength(Math.max(0, body.total - 25));
  });

  it('refuses a wrong status, a long note, an unknown id and a bad query with Dutch 4xx', async () => {
    const token = await adminToken(app);
    const row = must((await app.ctx.db.select().from(requests).limit(1))[0], 'a stored request');
    const bad = await app.inject({ method: 'PUT', url: `/api/admin/requests/${row.id}`, headers: auth(token), payload: { status: 'gewonnen' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ongeldige status.');
    const long = await app.inject({
      method: 'PUT',
      url: `/api/admin/requests/${row.id}`,
      headers: auth(token),
      payload: { status: 'open', note: 'x'.repeat(5001) },
    });
    expect(long.json().message).toBe('Notitie mag maximaal 5000 tekens lang zijn.');
    const missing = await app.inject({ method: 'PUT', url: '/api/admin/requests/999999', headers: auth(token), payload: { status: 'open' } });
    expect(missing.statusCode).toBe(404);
    const huge = await app.inject({ method: 'PUT', url: '/api/admin/requests/99999999999', headers: auth(token), payload: { status: 'open' } });
    expect(huge.statusCode).toBe(400);
    const page = await app.inject({ method: 'GET', url: '/api/admin/requests?page=0', headers: auth(token) });
    expect(page.statusCode).toBe(400);
    const status = await app.inject({ method: 'GET', url: '/api/admin/requests?status=x', headers: auth(token) });
    expect(status.json().message).toBe('Ongeldige status.');
  });

  it('is for admins only: 401 without login, 403 for a customer and the bookkeeper', async () => {
    const row = must((await app.ctx.db.select().from(requests).limit(1))[0], 'a stored request');
    expect((await app.inject({ method: 'GET', url: '/api/admin/requests' })).statusCode).toBe(401);
    for (const token of [await customerToken(app), await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password)]) {
      const list = await app.inject({ method: 'GET', url: '/api/admin/requests', headers: auth(token) });
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(MSG.forbidden);
      const put = await app.inject({ method: 'PUT', url: `/api/admin/requests/${row.id}`, headers: auth(token), payload: { status: 'converted' } });
      expect(put.statusCode).toBe(403);
    }
    const after = must((await app.ctx.db.select().from(requests).where(eq(requests.id, row.id)))[0], 'the request');
    expect(after.status).not.toBe('converted');
  });
});

describe('GET /api/config', () => {
  it('gives the chat link only when CHAT_URL is configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({ chat_url: null });
    const withChat = await createTestApp({ chatUrl: 'https://wa.me/31612345678?text={text}' });
    try {
      expect((await withChat.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({ chat_url: 'https://wa.me/31612345678?text={text}' });
    } finally {
      await withChat.close();
    }
  });
});

describe('the request mails over SMTP', () => {
  it('delivers the office mail with Reply-To the visitor and the confirmation', async () => {
    const smtp = await startSmtpServer();
    const mailing = await createTestApp({ smtpUrl: smtp.url });
    try {
      const res = await mailing.inject({
        method: 'POST',
        url: '/api/contact/individual_hadj',
        payload: morocco({ email: 'hanan@example.nl', first_name: 'Hanan', altcha: await solveCaptcha(mailing) }),
      });
      expect(res.statusCode).toBe(200);
      const kick = () => mailing.ctx.mail.kick();
      const office = await smtp.waitFor(mailing.ctx.config.officeEmail, 'Umrah vanuit Marokko: Hanan Haddou <hanan@example.nl>', kick);
      expect(office.parsed.replyTo?.value.map((v) => v.address)).toEqual(['hanan@example.nl']);
      expect(office.text).toContain('Gewenste periode: Herfstvakantie');
      const confirmation = await smtp.waitFor('hanan@example.nl', REQUEST_CONFIRMATION_SUBJECT, kick);
      expect(confirmation.text).toContain(SENT);
      expect(confirmation.parsed.replyTo).toBeUndefined();
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
