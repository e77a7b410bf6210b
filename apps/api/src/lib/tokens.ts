import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

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
  const hmacKey = Buffer.from(key);
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
    /**
     * Returns the claims, or null for a token that is malformed, forged, expired or lacks exp/sid.
     * Checked with node:crypto's HMAC at once (every signed-in request verifies one): jose's
     * jwtVerify went through WebCrypto's asynchronous jobs, about a third of a millisecond a token
     * under load. It accepts what jose accepted for the tokens sign() makes, and refuses the rest.
     */
    async verify(token: string): Promise<TokenClaims | null> {
      return verifyHs256(token, hmacKey);
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A base64url-encoded JSON object (a JWT's header or claims), or null. */
function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The claims of a compact HS256 JWT signed with `key` and valid now (jose's jwtVerify rules for our tokens), or null. */
function verifyHs256(token: string, key: Buffer): TokenClaims | null {
  if (token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const [header, claims, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${header}.${claims}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const h = jsonObject(header);
  // Only what sign() writes: HS256, the claims base64url-encoded, no critical extensions.
  if (!h || h.alg !== 'HS256' || 'crit' in h || 'b64' in h) return null;
  const payload = jsonObject(claims);
  // A token without exp would live forever: required, like the session it names.
  if (!payload || !['exp', 'sub', 'sid'].every((c) => Object.hasOwn(payload, c))) return null;
  const now = Math.floor(Date.now() / 1000);
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) return null;
  return payload as unknown as TokenClaims;
}
export type TokenService = ReturnType<typeof createTokenService>;
