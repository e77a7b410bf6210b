import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  sub: string;
  role: number;
  /** The session this token belongs to (sessions.id): revoking it ends every token of it. */
  sid: string;
  exp: number;
  /** Set when an admin logged in as this user (login_by_mail). */
  act?: number;
}

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    /** Signs a token that expires after the TTL, or earlier when the session itself ends earlier. */
    async sign(opts: { userId: number; role: number; sessionId: string; sessionExpiresAt: Date; actingAdminId?: number | null }): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      const exp = Math.min(now + ttlSeconds, Math.floor(opts.sessionExpiresAt.getTime() / 1000));
      const jwt = new SignJWT({ role: opts.role, sid: opts.sessionId, ...(opts.actingAdminId ? { act: opts.actingAdminId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(opts.userId))
        .setIssuedAt(now)
        .setExpirationTime(exp);
      return jwt.sign(key);
    },
    /** Returns the claims, or null for a token that is malformed, forged, expired or lacks exp/sid. */
    async verify(token: string): Promise<TokenClaims | null> {
      if (token.length > 4096) return null;
      try {
        // A token without exp would live forever: required, like the session it names.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
        if (typeof payload.sid !== 'string' || !/^\d+$/.test(payload.sub ?? '')) return null;
        return payload as unknown as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
