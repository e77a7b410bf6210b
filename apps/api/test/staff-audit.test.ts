import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@umrah/domain';
import { auditLog, products, sessions, users } from '../src/db/schema.ts';
import { IMPERSONATION_MSG, loginAsUser } from '../src/modules/auth/service.ts';
import { DEMO_ACCOUNTS, TEST_DB, adminToken, auth, createTestApp, customerToken, validAccount } from './helpers.ts';

// docs/records.md: an admin could 'log in as' other admins and the bookkeeper, and such a session
// could start new ones (the hour's limit did not hold for staff); role changes and changes to users,
// vouchers, products and payments left no audit record.

let app: FastifyInstance;
let admin: string;
let adminId: number;

beforeAll(async () => {
  app = await createTestApp({ rateLimitFactor: 100 });
  admin = await adminToken(app);
  adminId = (await app.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email)))[0]!.id;
});
afterAll(async () => {
  await app?.close();
});

const loginAs = (token: string, email: string) => app.inject({ method: 'POST', url: '/api/login_by_mail', headers: auth(token), payload: { email } });

async function newUser(role = 0) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: auth(admin),
    payload: { ...validAccount(), password: 'Audit-wachtwoord-1', role },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().user as { id: number; email: string; phone_number: string; role: number };
}

/** The newest audit rows of an action (and optionally a target). */
async function audits(action: string) {
  return app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe(`'log in as' (${TEST_DB})`, () => {
  it('is refused for an admin or the bookkeeper, with a Dutch message', async () => {
    const otherAdmin = await newUser(Role.ADMIN);
    for (const email of [otherAdmin.email, DEMO_ACCOUNTS.bookkeeper.email]) {
      const res = await loginAs(admin, email);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(IMPERSONATION_MSG.customersOnly);
    }
  });

  it('works for a customer, lasts at most an hour, and cannot start another from that session', async () => {
    const customer = await newUser();
    const res = await loginAs(admin, customer.email);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    const [session] = await app.ctx.db.select().from(sessions).where(eq(sessions.impersonatorId, adminId)).orderBy(desc(sessions.createdAt)).limit(1);
    // (created_at is the database's clock, expires_at the process's: a few ms apart)
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 1000);
    const again = await loginAs(token, DEMO_ACCOUNTS.customer.email);
    expect(again.statusCode).toBe(403);
    // And whatever role the session has: the rule is in the service, not only in the role check.
    await expect(
      loginAsUser(app.ctx, { id: adminId, email: DEMO_ACCOUNTS.admin.email, actingAdminId: adminId }, DEMO_ACCOUNTS.customer.email),
    ).rejects.toMatchObject({ statusCode: 403, message: IMPERSONATION_MSG.notFromImpersonation });
  });
});

describe(`the audit log of staff changes (${TEST_DB})`, () => {
  it("a role change: who, when, and the role before and after, as 'user.role_change'", async () => {
    const user = await newUser();
    const before = Date.now();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: auth(admin),
      payload: { ...validAccount({ email: user.email }), role: Role.BOOKKEEPER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await audits('user.role_change')).filter((r) => r.targetUserId === user.id);
    expect(row).toMatchObject({ actorUserId: adminId, actorEmail: DEMO_ACCOUNTS.admin.email, targetUserId: user.id });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.details).toMatchObject({ table: 'users', id: user.id, before: { role: 0 }, after: { role: Role.BOOKKEEPER } });
  });

  it('a change to a user: only the changed fields, no password hash', async () => {
    const user = await newUser();
    const phone = `06${randomBytes(4).readUInt32BE() % 100_000_000}`;
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: auth(admin),
      payload: { ...validAccount({ email: user.email }), phone_number: phone, password: 'Nieuw-Wachtwoord-22' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await audits('user.update')).filter((r) => r.targetUserId === user.id);
    const details = row!.details as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(details.before.phoneNumber).toBe(user.phone_number);
    expect(details.after.phoneNumber).toBe(phone);
    expect(details.after.passwordHash).toBe('gewijzigd');
    expect(JSON.stringify(details)).not.toContain('$argon2');
    expect(details.before).not.toHaveProperty('email');
  });

  it("a customer's own change made in a 'log in as' session names the admin behind it", async () => {
    const user = await newUser();
    const token = (await loginAs(admin, user.email)).json().token as string;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: auth(token),
      payload: validAccount({ email: user.email, city: 'Zwolle' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await audits('user.update')).filter((r) => r.targetUserId === user.id);
    expect(row).toMatchObject({ actorUserId: user.id });
    expect(row!.details).toMatchObject({ acting_admin_id: adminId, after: { city: 'Zwolle' } });
  });

  it('vouchers, products and payments: created, changed and deleted, each with before and after', async () => {
    const label = `AUDIT${randomBytes(3).toString('hex').toUpperCase()}`;
    const voucher = await app.inject({
      method: 'POST',
      url: '/api/voucher',
      headers: auth(admin),
      payload: { label, amount: 1500, expire_date: '2030-01-01 00:00:00' },
    });
    expect(voucher.statusCode, voucher.body).toBe(201);
    const voucherId = voucher.json().voucher.id as number;
    expect((await app.inject({ method: 'DELETE', url: `/api/voucher/${voucherId}`, headers: auth(admin) })).statusCode).toBe(200);
    const [created] = (await audits('voucher.create')).filter((r) => (r.details as { id: number }).id === voucherId);
    expect(created!.details).toMatchObject({ table: 'vouchers', before: null, after: { label, amount: 1500 } });
    const [deleted] = (await audits('voucher.delete')).filter((r) => (r.details as { id: number }).id === voucherId);
    expect(deleted!.details).toMatchObject({ before: { label, amount: 1500 }, after: null });

    const [product] = (await app.inject({ method: 'GET', url: '/api/admin/products?region=NL', headers: auth(admin) })).json().products as {
      id: number;
      price: number;
      type: number;
    }[];
    const put = await app.inject({
      method: 'PUT',
      url: `/api/product/${product!.id}`,
      headers: auth(admin),
      payload: { ...product, price: product!.price + 100 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [changed] = (await audits('product.update')).filter((r) => (r.details as { id: number }).id === product!.id);
    expect(changed!.details).toMatchObject({ table: 'products', before: { price: product!.price }, after: { price: product!.price + 100 } });

    const customer = await customerToken(app);
    const [trip] = (await app.ctx.db.select().from(products)).filter((p) => p.type === 2 && p.stock > 1 && p.region === 'NL');
    const placed = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: auth(customer),
      payload: {
        rooms: [{ product_id: trip!.id, room_type: 2, room_gender: 0, guests: [{ first_name: 'Audit', last_name: 'Reiziger', age_category: 0 }] }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as number;
    const pay = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: auth(admin),
      payload: { order_id: orderId, payment_type: 0, amount: 1000 },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const paymentId = pay.json().payment.id as number;
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/payment/${paymentId}`,
      headers: auth(admin),
      payload: { order_id: orderId, payment_type: 2, amount: 1200 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/payment/${paymentId}`, headers: auth(admin) })).statusCode).toBe(200);
    const forPayment = async (action: string) => (await audits(action)).filter((r) => (r.details as { id: number }).id === paymentId);
    expect((await forPayment('payment.create'))[0]!.details).toMatchObject({ after: { amount: 1000, paymentType: 0 } });
    expect((await forPayment('payment.update'))[0]!.details).toMatchObject({
      before: { amount: 1000, paymentType: 0 },
      after: { amount: 1200, paymentType: 2 },
    });
    expect((await forPayment('payment.delete'))[0]!.details).toMatchObject({ before: { amount: 1200 }, after: null });
  });

  it('admins read it page by page, newest first; nobody else does', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=2&action=user.', headers: auth(admin) });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.entries).toHaveLength(2);
    expect(body.total).toBeGreaterThan(2);
    expect(body.entries[0].id).toBeGreaterThan(body.entries[1].id);
    expect(body.entries.every((e: { action: string }) => e.action.startsWith('user.'))).toBe(true);
    const next = (await app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=2&page=2&action=user.', headers: auth(admin) })).json();
    expect(next.entries[0].id).toBeLessThan(body.entries[1].id);
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit', headers: auth(await customerToken(app)) })).statusCode).toBe(403);
  });
});
