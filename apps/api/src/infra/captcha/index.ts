import { createChallenge, verifySolution } from 'altcha-lib/v1';

/** Self-hosted ALTCHA proof of work: no third party, no cookies. */
export function createCaptcha(hmacKey: string, maxNumber = 50_000) {
  // Solved payloads are remembered until they expire, so one solution cannot be replayed.
  const used = new Map<string, number>();
  const ttlMs = 10 * 60 * 1000;
  return {
    challenge: () => createChallenge({ hmacKey, maxNumber, expires: new Date(Date.now() + ttlMs) }),
    async verify(payload: string | undefined | null): Promise<boolean> {
      if (!payload || payload.length > 4000) return false;
      const ok = await verifySolution(payload, hmacKey, true).catch(() => false);
      if (!ok) return false;
      const now = Date.now();
      for (const [key, expires] of used) if (expires < now) used.delete(key);
      if (used.has(payload)) return false;
      used.set(payload, now + ttlMs);
      return true;
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;
