import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { Db } from '../../db/index.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { periodicJob, type PeriodicJob } from '../../lib/periodic.ts';

// Idempotent writes: a client sends `Idempotency-Key: <uuid>` (one per user action, the same on its
// retries) and gets the first answer again for a repeated key, whatever happened to the first one's
// answer on the way back. Routes opt in in the route table (`config: { idempotency: ... }`); a request
// without the header is served as before.
//
// How: before the handler the request claims (scope, key) in `idempotency_keys` (committed at once,
// so another process sees it); the answer is stored there before it is sent. A repeat of a stored
// answer gets it back (status and body); a repeat while the first still runs waits for it, then 409.
// A claim whose process died (its lease ran out with no answer) is taken over, after the route's
// `recover` had the chance to answer from what that request committed (an order placed with the key):
// so a crash between the commit and the answer never makes a second order.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A UUID, or any 8-100 letters, digits, '-' and '_'. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long an answer is kept (and a key means the same request). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A claim's lease: no request of these routes runs this long, so an older claim's process is gone. */
export const IDEMPOTENCY_LEASE_SECONDS = 30;
/** How long a repeat waits for the first request's answer before it gets 409. */
const WAIT_MS = 5_000;
const POLL_MS = 100;

export const IDEMPOTENCY_MSG = {
  invalidKey: 'De Idempotency-Key is ongeldig: gebruik 8 tot 100 letters, cijfers, - of _.',
  reused: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek. Gebruik een nieuwe sleutel voor een nieuwe handeling.',
  inFlight: 'Dit verzoek wordt al verwerkt. Probeer het over enkele seconden opnieuw.',
} as const;

export interface RecoveredAnswer {
  statusCode: number;
  body: unknown;
}

export interface IdempotencyOptions {
  /**
   * The answer to a claimed key whose request ended without one (its process died after the commit),
   * built from what that request committed under the key; null when it committed nothing.
   */
  recover?: (request: FastifyRequest, key: string) => Promise<RecoveredAnswer | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opt in to idempotent answers (infra/http/idempotency.ts). */
    idempotency?: IdempotencyOptions;
  }
  interface FastifyRequest {
    /** The claimed Idempotency-Key of this request, while its answer is still to be stored. */
    idempotency?: { scope: string; key: string };
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Whose keys these are: the signed-in user, else the route and the client's address. Hashed: no
 * client address (nor user id) sits in the table.
 */
function scopeOf(request: FastifyRequest): string {
  const who = request.user ? `user:${request.user.id}` : `anon:${request.routeOptions.url}:${request.ip}`;
  return sha256(who);
}

/** The scope of a user's keys, for deleting them with the account. */
export const userScope = (userId: number) => sha256(`user:${userId}`);

/** What makes two requests the same one: method, route, path parameters and body (as validated). */
function requestHash(request: FastifyRequest): string {
  return sha256(JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.body ?? null]));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function replay(reply: FastifyReply, statusCode: number, contentType: string | null, body: string) {
  reply.code(statusCode).header('idempotent-replayed', 'true');
  if (contentType) reply.header('content-type', contentType);
  return reply.send(body);
}

function claimHook(db: Db, opts: IdempotencyOptions): preHandlerHookHandler {
  return async function claimIdempotencyKey(request, reply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new AppError(400, IDEMPOTENCY_MSG.invalidKey);
    const key = header;
    const scope = scopeOf(request);
    const hash = requestHash(request);
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const lease = sql`now() + make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS})`;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      // A new key, or one whose day is over (the cleanup job had not removed it yet): ours.
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash: hash, lockedUntil: lease, expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})` })
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: {
            requestHash: hash,
            statusCode: null,
            contentType: null,
            body: null,
            lockedUntil: lease,
            createdAt: sql`now()`,
            expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
          },
          setWhere: lte(idempotencyKeys.expiresAt, sql`now()`),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length) {
        request.idempotency = { scope, key };
        return;
      }
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          contentType: idempotencyKeys.contentType,
          body: idempotencyKeys.body,
          leaseOver: sql<boolean>`${idempotencyKeys.lockedUntil} <= now()`,
        })
        .from(idempotencyKeys)
        .where(where);
      // Released meanwhile (the first request failed on the server's side): try again to claim it.
      if (!row) continue;
      if (row.requestHash !== hash) throw new AppError(422, IDEMPOTENCY_MSG.reused);
      if (row.statusCode !== null) return replay(reply, row.statusCode, row.contentType, row.body ?? '');
      // No answer yet. Did the first request commit its write (and then lose its process)?
      const recovered = opts.recover ? await opts.recover(request, key) : null;
      if (recovered) {
        const body = JSON.stringify(recovered.body);
        await db
          .update(idempotencyKeys)
          .set({ statusCode: recovered.statusCode, contentType: 'application/json; charset=utf-8', body })
          .where(and(where, isNull(idempotencyKeys.statusCode)));
        return replay(reply, recovered.statusCode, 'application/json; charset=utf-8', body);
      }
      if (row.leaseOver) {
        // Its process is gone without committing anything: this request does the work instead.
        const taken = await db
          .update(idempotencyKeys)
          .set({ lockedUntil: lease })
          .where(and(where, isNull(idempotencyKeys.statusCode), lte(idempotencyKeys.lockedUntil, sql`now()`)))
          .returning({ key: idempotencyKeys.key });
        if (taken.length) {
          request.idempotency = { scope, key };
          return;
        }
        continue;
      }
      if (Date.now() >= deadline) throw new AppError(409, IDEMPOTENCY_MSG.inFlight);
      await sleep(POLL_MS);
    }
  };
}

function storeHook(db: Db, beforeStore: () => void): onSendHookHandler {
  return async function storeIdempotentAnswer(request, reply, payload) {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    beforeStore();
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    try {
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        // A server fault is no answer to keep: the retry runs again (it wrote nothing, or recover finds it).
        await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.statusCode)));
      } else {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: payload })
          .where(where);
      }
    } catch (err) {
      // The answer still goes out; a retry then finds the claim in flight until its lease ends.
      request.log.error(err, 'idempotency: answer not stored');
    }
    return payload;
  };
}

const asArray = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? [...h] : [h]);

/** Removes the answers whose day is over; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/**
 * Gives every route whose config has `idempotency` the claim (preHandler: after the auth check and
 * the body's validation) and the stored answer (onSend). Call before the routes are registered.
 * `crashBeforeAnswer` (tests only) ends the process after the handler, before the answer is stored.
 */
export function installIdempotency(app: FastifyInstance, db: Db, opts: { crashBeforeAnswer?: boolean } = {}): PeriodicJob<number> {
  const beforeStore = opts.crashBeforeAnswer ? () => process.exit(75) : () => undefined;
  app.addHook('onRoute', (route) => {
    const idempotency = route.config?.idempotency;
    if (!idempotency) return;
    route.preHandler = [...asArray(route.preHandler), claimHook(db, idempotency)];
    route.onSend = [...asArray(route.onSend), storeHook(db, beforeStore)];
  });
  // Hourly: the table holds one day of answers, not more.
  return periodicJob({
    run: () => deleteExpiredIdempotencyKeys(db),
    failure: 'idempotency cleanup failed',
    log: app.log,
    firstDelayMs: () => 60_000,
    intervalMs: () => 3_600_000,
  });
}
