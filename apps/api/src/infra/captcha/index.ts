import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Db } from '../../db/index.ts';
import { captchaSolutions } from '../../db/schema.ts';

interface Solution {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The widget's payload (base64 of JSON), read the way altcha-lib reads it; null when it is not one. */
function decodeSolution(payload: string): Solution | null {
  try {
    const value: unknown = JSON.parse(atob(payload));
    if (!value || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    const strings = ['algorithm', 'challenge', 'salt', 'signature'].every((k) => typeof v[k] === 'string');
    if (!strings || (typeof v.number !== 'number' && typeof v.number !== 'string')) return null;
    return v as unknown as Solution;
  } catch {
    return null;
  }
}

/** Self-hosted ALTCHA proof of work: no third party, no cookies. */
export function createCaptcha(hmacKey: string, db: Db, maxNumber = 50_000) {
  const ttlMs = 10 * 60 * 1000;
  let verified = 0;
  return {
    challenge: () => createChallenge({ hmacKey, maxNumber, expires: new Date(Date.now() + ttlMs) }),
    async verify(payload: string | undefined | null): Promise<boolean> {
      if (!payload || payload.length > 4000) return false;
      const solution = decodeSolution(payload);
      if (!solution) return false;
      const ok = await verifySolution(solution as unknown as Parameters<typeof verifySolution>[0], hmacKey, true).catch(() => false);
      if (!ok) return false;
      // Used solutions are kept in the database until their challenge expires, so one solution
      // cannot be replayed, not even against another API process. Keyed on the challenge itself (its
      // salt and signature), not on the text: the same solution in another encoding (other padding,
      // whitespace, key order, escapes, the number as a string) is still the same solution.
      const hash = createHash('sha256').update(`${solution.salt}\n${solution.signature}`).digest('hex');
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
