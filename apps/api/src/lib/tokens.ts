import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  sub: string;
  role: number;
  /** Set when an admin logged in as this user (login_by_mail). */
  act?: number;
}

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(userId: number, role: number, actingAdminId?: number): Promise<string> {
      const jwt = new SignJWT({ role, ...(actingAdminId ? { act: actingAdminId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`);
      return jwt.sign(key);
    },
    /** Returns the claims, or null for a token that is malformed, forged or expired. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (!payload.sub) return null;
        return payload as unknown as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
