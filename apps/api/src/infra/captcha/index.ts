import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Db } from '../../db/index.ts';
import { captchaSolutions } from '../../db/schema.ts';

/** Self-hosted ALTCHA proof of work: no third party, no cookies. */
export function createCaptcha(hmacKey: string, db: Db, maxNumber = 50_000) {
  const ttlMs = 10 * 60 * 1000;
  let verified = 0;
  return {
    challenge: () => createChallenge({ hmacKey, maxNumber, expires: new Date(Date.now() + ttlMs) }),
    async verify(payload: string | undefined | null): Promise<boolean> {
      if (!payload || payload.length > 4000) return false;
      const ok = await verifySolution(payload, hmacKey, true).catch(() => false);
      if (!ok) return false;
      // Used solutions are kept in the database until their challenge expires, so one solution
      // cannot be replayed, not even against another API process.
      const hash = createHash('sha256').update(payload).digest('hex');
      const fresh = await db
        .insert(captchaSolutions)
        .values({ hash, expiresAt: new Date(Date.now() + ttlMs) })
        .onConflictDoNothing()
        .returning({ hash: captchaSolutions.hash });
      if (++verified % 100 === 0)
        void db
          .delete(captchaSolutions)
          .where(lt(captchaSolutions.expiresAt, sql`now()`))
          .catch(() => undefined);
      return fresh.length === 1;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
