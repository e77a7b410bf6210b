import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROWDFUND_MSG, DONATION_MSG, MSG, type CrowdfundDto } from '@umrah/domain';
import { DEMO_ACCOUNTS, adminToken, auth, createTestApp, customerToken, loginToken } from './helpers.ts';

// Crowdfunds (docs/RULES.md, 'Entities', 'Validation: Donation', 'Calls'): the public list with what is funded and still needed, the
// admin's create and update, and the donation rule of the order that uses the same 'funded so far'.

let app: FastifyInstance;
let admin: string;
let customer: string;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 10 });
  [admin, customer] = await Promise.all([adminToken(app), customerToken(app)]);
});
afterAll(async () => {
  await app?.close();
});

const list = async (): Promise<CrowdfundDto[]> => {
  const res = await app.inject({ method: 'GET', url: '/api/crowdfunds' });
  expect(res.statusCode).toBe(200);
  return res.json().crowdfunds;
};
const waterput = async () => (await list()).find((c) => c.label === 'Waterput in Senegal')!;
const create = (payload: unknown, token: string | null = admin) =>
  app.inject({ method: 'POST', url: '/api/crowdfund', payload: payload as object, headers: token ? auth(token) : {} });
const update = (id: number, payload: unknown, token: string | null = admin) =>
  app.inject({ method: 'PUT', url: `/api/crowdfund/${id}`, payload: payload as object, headers: token ? auth(token) : {} });
const donate = (fundingId: number, cents: number, token = customer) =>
  app.inject({
    method: 'POST',
    url: '/api/order',
    payload: { crowdfunds: [{ funding_id: fundingId, funding_amount: cents }] },
    headers: auth(token),
  });

describe('GET /api/crowdfunds', () => {
  it('lists the seeded goal with the fields of the list and nothing funded yet', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/crowdfunds' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const funds: CrowdfundDto[] = res.json().crowdfunds;
    expect(funds).toHaveLength(1);
    expect(funds[0]).toEqual({
      id: expect.any(Number),
      label: 'Waterput in Senegal',
      description: 'Samen bouwen we een waterput voor een dorp in Senegal.',
      goal_amount: 500000,
      funded_amount: 0,
      remaining: 500000,
      is_active: true,
    });
  });

  it('counts a customer order with a donation, stops counting it once the order is cancelled', async () => {
    const fund = await waterput();
    const res = await donate(fund.id, 2500);
    expect(res.statusCode).toBe(201);
    // The donation adds to the order total (docs/RULES.md, 'Constants').
    expect(res.json().order.total_price).toBe(2500);
    const orderId: number = res.json().order.id;

    expect(await waterput()).toMatchObject({ funded_amount: 2500, remaining: 497500 });

    // A second live order counts too.
    const second = await donate(fund.id, 7550);
    expect(second.statusCode).toBe(201);
    expect(await waterput()).toMatchObject({ funded_amount: 10050, remaining: 489950 });

    const cancelled = await app.inject({ method: 'POST', url: `/api/order/cancel/${orderId}`, headers: auth(admin), payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect(await waterput()).toMatchObject({ funded_amount: 7550, remaining: 492450 });
  });

  it('the order refuses a donation above the remaining amount the list shows, with that amount in Dutch', async () => {
    const fund = await waterput();
    const over = await donate(fund.id, fund.remaining + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(DONATION_MSG.above(fund.remaining));
    expect(over.json().message).toBe('Bedrag moet lager zijn dan € 4.924,50');
    // Exactly the remaining amount fits, and then nothing is needed any more.
    expect((await donate(fund.id, fund.remaining)).statusCode).toBe(201);
    expect(await waterput()).toMatchObject({ funded_amount: fund.goal_amount, remaining: 0 });
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a donation', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/crowdfunds' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ method: 'GET', url: '/api/crowdfunds', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const created = await create({ label: 'Etag-doel', goal_amount: 10000 });
    expect(created.statusCode).toBe(201);
    expect((await donate(created.json().result[0].id, 1000)).statusCode).toBe(201);
    const after = await app.inject({ method: 'GET', url: '/api/crowdfunds', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().crowdfunds.find((c: CrowdfundDto) => c.label === 'Etag-doel')).toMatchObject({ funded_amount: 1000, remaining: 9000 });
  });
});

describe('POST /api/crowdfund and PUT /api/crowdfund/{id} (admin)', () => {
  it('creates a goal: success and result[0], listed at once with nothing funded', async () => {
    const res = await create({ label: '  Moskee in Gambia ', description: 'Een nieuwe moskee.', goal_amount: 1250050 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.result).toHaveLength(1);
    expect(body.result[0]).toEqual({
      id: expect.any(Number),
      label: 'Moskee in Gambia',
      description: 'Een nieuwe moskee.',
      goal_amount: 1250050,
      funded_amount: 0,
      remaining: 1250050,
      is_active: true,
    });
    expect((await list()).find((c) => c.id === body.result[0].id)).toEqual(body.result[0]);
  });

  it('a goal of 0 is allowed and needs nothing: a donation to it is refused', async () => {
    const res = await create({ label: 'Afgerond doel', goal_amount: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().result[0]).toMatchObject({ description: '', goal_amount: 0, remaining: 0 });
    const refused = await donate(res.json().result[0].id, 100);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(DONATION_MSG.goalReached);
  });

  it('updates a goal: message UPDATED; a new goal changes what remains, an inactive goal leaves the list and takes no donations', async () => {
    const id: number = (await create({ label: 'Schoolboeken', goal_amount: 50000 })).json().result[0].id;
    expect((await donate(id, 20000)).statusCode).toBe(201);

    const res = await update(id, { goal_amount: 30000, description: 'Boeken voor een school in Mali.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('UPDATED');
    expect(res.json().crowdfund).toMatchObject({ id, label: 'Schoolboeken', goal_amount: 30000, funded_amount: 20000, remaining: 10000 });
    expect((await list()).find((c) => c.id === id)).toMatchObject({ description: 'Boeken voor een school in Mali.', remaining: 10000 });

    // Lowered below what is pledged: nothing remains (never negative).
    expect((await update(id, { goal_amount: 15000 })).json().crowdfund).toMatchObject({ funded_amount: 20000, remaining: 0 });

    const off = await update(id, { is_active: false });
    expect(off.json().message).toBe('UPDATED');
    expect((await list()).some((c) => c.id === id)).toBe(false);
    const refused = await donate(id, 100);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(DONATION_MSG.inactiveFund);

    const on = await update(id, { is_active: true, goal_amount: 25000 });
    expect(on.statusCode).toBe(200);
    expect((await list()).find((c) => c.id === id)).toMatchObject({ is_active: true, remaining: 5000 });
  });

  it('refuses customers (403) and visitors (401), and changes nothing', async () => {
    const fund = await waterput();
    const before = await list();
    const byCustomer = await create({ label: 'Van een klant', goal_amount: 1000 }, customer);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().message).toBe(MSG.forbidden);
    const putByCustomer = await update(fund.id, { goal_amount: 1 }, customer);
    expect(putByCustomer.statusCode).toBe(403);
    expect(putByCustomer.json().message).toBe(MSG.forbidden);
    expect((await create({ label: 'Anoniem', goal_amount: 1000 }, null)).statusCode).toBe(401);
    expect((await update(fund.id, { goal_amount: 1 }, null)).statusCode).toBe(401);
    expect(await list()).toEqual(before);
  });

  it.each([
    ['no label', { goal_amount: 1000 }, CROWDFUND_MSG.label],
    ['an empty label', { label: '   ', goal_amount: 1000 }, 'Titel is verplicht!'],
    ['no goal', { label: 'Doel' }, 'Doelbedrag is verplicht!'],
    ['a goal as text', { label: 'Doel', goal_amount: '1000' }, 'Doelbedrag is verplicht!'],
    ['a negative goal', { label: 'Doel', goal_amount: -1 }, 'Doelbedrag moet minimaal 0 zijn.'],
    ['a goal in euros with cents', { label: 'Doel', goal_amount: 12.5 }, 'Doelbedrag moet in centen (een heel getal) worden opgegeven.'],
    ['a huge goal', { label: 'Doel', goal_amount: 100_000_001 }, 'Doelbedrag is te hoog.'],
    ['active as text', { label: 'Doel', goal_amount: 1000, is_active: 'ja' }, 'Actief moet ja of nee zijn.'],
    ['a body that is no object', [1, 2], 'Ongeldige invoer.'],
  ])('POST with %s: 400 in Dutch', async (_name, payload, message) => {
    const before = await list();
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await list()).toEqual(before);
  });

  it('PUT refuses bad fields in Dutch (400) and an unknown id (404)', async () => {
    const fund = await waterput();
    const empty = await update(fund.id, { label: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Titel is verplicht!');
    const negative = await update(fund.id, { goal_amount: -500 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Doelbedrag moet minimaal 0 zijn.');
    const missing = await update(999999, { goal_amount: 1000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Doel niet gevonden.');
    const badId = await update(0, { goal_amount: 1000 });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Ongeldig id.');
    expect(await waterput()).toEqual(fund);
  });
});

describe('GET /api/admin/crowdfunds (crowdfund admin)', () => {
  const adminList = async (token: string | null = admin) =>
    app.inject({ method: 'GET', url: '/api/admin/crowdfunds', headers: token ? auth(token) : {} });

  it('lists closed goals too, with funded and remaining, open goals first; a closed goal leaves the public list', async () => {
    const created = await create({ label: `Moskee ${Date.now()}`, goal_amount: 300_000 });
    expect(created.statusCode, created.body).toBe(201);
    const goal: CrowdfundDto = created.json().result[0];
    const donated = await donate(goal.id, 12_345);
    expect(donated.statusCode, donated.body).toBe(201);

    const open = await adminList();
    expect(open.statusCode).toBe(200);
    expect(open.json().crowdfunds.find((c: CrowdfundDto) => c.id === goal.id)).toMatchObject({
      funded_amount: 12_345,
      remaining: 300_000 - 12_345,
      is_active: true,
    });

    const closed = await update(goal.id, { is_active: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().crowdfund.is_active).toBe(false);
    expect((await list()).some((c) => c.id === goal.id)).toBe(false);

    const after: CrowdfundDto[] = (await adminList()).json().crowdfunds;
    // Still listed for the admin, with what was given to it, after every open goal.
    expect(after.find((c) => c.id === goal.id)).toMatchObject({ is_active: false, funded_amount: 12_345, remaining: 300_000 - 12_345 });
    const firstClosed = after.findIndex((c) => !c.is_active);
    expect(after.slice(firstClosed).every((c) => !c.is_active)).toBe(true);
    expect(after.slice(0, firstClosed).length).toBeGreaterThan(0);

    // And it can be opened again.
    expect((await update(goal.id, { is_active: true })).statusCode).toBe(200);
    expect((await list()).some((c) => c.id === goal.id)).toBe(true);
  });

  it('is for admins only: 401 anonymous, 403 customer and bookkeeper', async () => {
    const bookkeeper = await loginToken(app, DEMO_ACCOUNTS.bookkeeper.email, DEMO_ACCOUNTS.bookkeeper.password);
    expect((await adminList(null)).statusCode).toBe(401);
    for (const token of [customer, bookkeeper]) {
      const res = await adminList(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    // The bookkeeper cannot create or change a goal either.
    const fund = await waterput();
    expect((await create({ label: 'Boekhouder', goal_amount: 100 }, bookkeeper)).statusCode).toBe(403);
    expect((await update(fund.id, { is_active: false }, bookkeeper)).statusCode).toBe(403);
    expect((await waterput()).is_active).toBe(true);
  });
});
