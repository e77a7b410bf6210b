import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, isKidWithoutBed, voucherKey } from '@umrah/domain';
import { countDistinctLookups } from '../../infra/http/rate-limit-store.ts';
import { resolveUser } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';

// Voucher codes must not be guessable in bulk: the lookups (requestVoucher, vouchers_from_label) are
// counted per code looked up, not per request, per client address, in the shared table. Looking up
// the same code again (the cart shown again) does not count twice.

/** Different codes an anonymous address may look up per minute: a full cart's codes, with room to spare. */
export const ANONYMOUS_CODES_PER_MINUTE = 10;
/** The same for a signed-in caller (still per address, so many accounts on one address share it). */
export const SIGNED_IN_CODES_PER_MINUTE = 30;
const WINDOW_SECONDS = 60;

/** Throws 429 with Retry-After once the caller's address has looked up too many different codes this minute. */
export async function limitCodeLookups(request: FastifyRequest, reply: FastifyReply, labels: readonly string[]): Promise<void> {
  const { db, config } = request.server.ctx;
  // A stale token on a public route is simply anonymous (the cart must keep working).
  const user = await resolveUser(request).catch(() => null);
  const allowed = (user ? SIGNED_IN_CODES_PER_MINUTE : ANONYMOUS_CODES_PER_MINUTE) * config.rateLimitFactor;
  // 'kid-without-bed' is added by the rules, not typed: no guess.
  const codes = labels.map(voucherKey).filter((k) => k.length > 0 && !isKidWithoutBed(k));
  const { distinct, ttlMs } = await countDistinctLookups(db, `voucher-codes:${request.ip}`, codes, WINDOW_SECONDS);
  if (distinct > allowed) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    throw new AppError(429, MSG.tooManyRequests, 'Too Many Requests');
  }
}
