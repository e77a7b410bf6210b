import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { formatEuro } from '@umrah/domain';
import type { Db } from '../../db/index.ts';
import { simulatorPayments } from '../../db/schema.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { type CreatePaymentInput, type CreatedPayment, type LocalPayment, type PaymentProvider, type PaymentState, withQuery } from './types.ts';

/**
 * The built-in payment provider for development, demos and tests. It behaves like PAY.'s hosted
 * page: the payer chooses pay, cancel or fail; the simulator then calls the exchange URL server to
 * server and afterwards sends the browser to the return URL with PAY.'s parameters
 * (orderStatusId=100 when paid). Its payments live in the database, so any API process can serve them.
 */

export const SIMULATOR_PATH = '/api/payments/simulator';
/** An open payment nobody finished expires like one at a real provider. */
export const SIMULATOR_EXPIRY_MINUTES = 60;

type SimStatus = 'open' | 'paid' | 'cancelled' | 'failed' | 'expired';
const CHOICES = { paid: 'paid', cancelled: 'cancelled', failed: 'failed' } as const;

/** PAY.'s codes and actions, so return pages written for PAY. read the simulator alike. */
const PAYNL_CODE: Record<SimStatus, { code: number; action: string }> = {
  open: { code: 20, action: 'PENDING' },
  paid: { code: 100, action: 'PAID' },
  cancelled: { code: -90, action: 'CANCEL' },
  failed: { code: -63, action: 'DENIED' },
  expired: { code: -80, action: 'EXPIRED' },
};

const STATE: Record<SimStatus, PaymentState> = {
  open: 'pending',
  paid: 'paid',
  cancelled: 'cancelled',
  failed: 'failed',
  expired: 'expired',
};

async function expireOld(db: Db, id: string) {
  await db
    .update(simulatorPayments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(simulatorPayments.id, id),
        eq(simulatorPayments.status, 'open'),
        lt(simulatorPayments.createdAt, sql`now() - make_interval(mins => ${SIMULATOR_EXPIRY_MINUTES})`),
      ),
    );
}

async function load(db: Db, id: string) {
  await expireOld(db, id);
  const [row] = await db.select().from(simulatorPayments).where(eq(simulatorPayments.id, id));
  return row;
}

/** The new payment's row (every payment start on the simulator writes one): built and prepared once. */
const insertPayment = preparedQuery((db) =>
  db
    .insert(simulatorPayments)
    .values({
      id: sql.placeholder('id'),
      amount: sql.placeholder('amount'),
      description: sql.placeholder('description'),
      reference: sql.placeholder('reference'),
      returnUrl: sql.placeholder('returnUrl'),
      exchangeUrl: sql.placeholder('exchangeUrl'),
    })
    .prepare('simulator_payment'),
);

export function createSimulatorProvider(db: Db, publicUrl: string): PaymentProvider {
  const local = (input: CreatePaymentInput): LocalPayment => {
    const id = `SIM-${randomBytes(12).toString('base64url')}`;
    return { providerRef: id, paymentUrl: `${publicUrl}${SIMULATOR_PATH}/${id}`, row: { ...input, id } };
  };
  return {
    name: 'simulator',
    paymentExpiryMinutes: SIMULATOR_EXPIRY_MINUTES,
    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const { row, ...created } = local(input);
      await insertPayment(db).execute({ ...row });
      return created;
    },
    // The payment start writes the row with its transaction row, in one statement (provider-payment.ts).
    local,
    async status(providerRef: string) {
      const row = await load(db, providerRef);
      if (!row) throw new Error(`unknown simulator payment ${providerRef}`);
      return { state: STATE[row.status as SimStatus], amount: row.amount };
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATUS_TEXT: Record<SimStatus, string> = {
  open: 'Open',
  paid: 'Betaald',
  cancelled: 'Geannuleerd',
  failed: 'Mislukt',
  expired: 'Verlopen',
};

function page(row: typeof simulatorPayments.$inferSelect): string {
  const status = row.status as SimStatus;
  const body =
    status === 'open'
      ? `<form method="post" action="${SIMULATOR_PATH}/${escapeHtml(row.id)}">
  <button type="submit" name="choice" value="paid" class="pay">Betalen</button>
  <button type="submit" name="choice" value="cancelled">Annuleren</button>
  <button type="submit" name="choice" value="failed" class="fail">Mislukt</button>
</form>`
      : `<p>Deze betaling is al afgehandeld: <strong>${STATUS_TEXT[status]}</strong>.</p>
<p><a href="${escapeHtml(returnUrlFor(row))}">Terug naar de webshop</a></p>`;
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Betalen – betaalsimulator</title>
<style>
body{font-family:Arial,sans-serif;background:#f3f4f6;color:#1f2937;margin:0;padding:24px}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}.amount{font-size:32px;font-weight:bold;margin:16px 0;color:#0b6e4f}
.note{font-size:13px;color:#6b7280}form{display:flex;flex-direction:column;gap:10px;margin-top:20px}
button{font-size:16px;padding:12px;border-radius:8px;border:1px solid #d1d5db;background:#fff;cursor:pointer}
button.pay{background:#0b6e4f;color:#fff;border-color:#0b6e4f}button.fail{color:#b91c1c}
</style></head>
<body><main>
<h1>Betaling</h1>
<p>${escapeHtml(row.description)}</p>
<p class="note">Kenmerk: ${escapeHtml(row.reference)}</p>
<div class="amount">${escapeHtml(formatEuro(row.amount))}</div>
${body}
<p class="note">Dit is de betaalsimulator van de webshop: er wordt geen echt geld afgeschreven.</p>
</main></body></html>`;
}

function returnUrlFor(row: typeof simulatorPayments.$inferSelect): string {
  const { code, action } = PAYNL_CODE[row.status as SimStatus];
  return withQuery(row.returnUrl, {
    orderId: row.id,
    orderStatusId: String(code),
    statusAction: action,
    reference: row.reference,
  });
}

/** Calls the shop's exchange URL the way PAY. does; a failure is logged, the shop can still ask for the status. */
async function callExchange(row: typeof simulatorPayments.$inferSelect, log: FastifyBaseLogger) {
  try {
    const res = await fetch(row.exchangeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: row.status === 'paid' ? 'new_ppt' : 'cancel', order_id: row.id }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) log.warn({ status: res.status, url: row.exchangeUrl }, 'simulator: exchange call answered with an error');
  } catch (err) {
    log.warn({ err, url: row.exchangeUrl }, 'simulator: exchange call failed');
  }
}

/** The simulator's hosted payment page, served by our own server. */
export const simulatorRoutes: FastifyPluginAsync = async (app) => {
  const idPattern = /^SIM-[A-Za-z0-9_-]{16}$/;
  const notFound = (reply: import('fastify').FastifyReply) =>
    reply.status(404).type('text/html; charset=utf-8').send('<!doctype html><html lang="nl"><body><p>Betaling niet gevonden.</p></body></html>');

  app.get<{ Params: { id: string } }>(`${SIMULATOR_PATH}/:id`, { schema: { hide: true } }, async (req, reply) => {
    if (!idPattern.test(req.params.id)) return notFound(reply);
    const row = await load(app.ctx.db, req.params.id);
    if (!row) return notFound(reply);
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page(row));
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
    `${SIMULATOR_PATH}/:id`,
    { schema: { hide: true } },
    async (req, reply) => {
      if (!idPattern.test(req.params.id)) return notFound(reply);
      const choice = CHOICES[(req.body?.choice ?? '') as keyof typeof CHOICES];
      if (!choice) return reply.status(400).type('text/html; charset=utf-8').send('<!doctype html><p>Ongeldige keuze.</p>');
      await expireOld(app.ctx.db, req.params.id);
      // Only an open payment can be decided, once: a second submit changes nothing.
      const [decided] = await app.ctx.db
        .update(simulatorPayments)
        .set({ status: choice, updatedAt: sql`now()` })
        .where(and(eq(simulatorPayments.id, req.params.id), eq(simulatorPayments.status, 'open')))
        .returning();
      const row = decided ?? (await load(app.ctx.db, req.params.id));
      if (!row) return notFound(reply);
      // Like PAY.: the exchange is called before the payer is sent back.
      if (decided) await callExchange(decided, req.log);
      return reply.redirect(returnUrlFor(row), 303);
    },
  );
};
