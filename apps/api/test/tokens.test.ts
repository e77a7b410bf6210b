import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../src/lib/tokens.ts';

// The token check is node:crypto's HMAC (lib/tokens.ts); it must accept and refuse what jose's
// jwtVerify with the same options does, for the tokens the shop signs and for forged ones.
const SECRET = 'a-test-secret-of-enough-length-0123456789';
const key = new TextEncoder().encode(SECRET);
const tokens = createTokenService(SECRET, 900);
const now = () => Math.floor(Date.now() / 1000);

const b64 = (x: unknown) => Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)).toString('base64url');
/** A compact JWT with any header and claims, signed with HMAC-SHA256 and `secret`. */
const hand = (header: unknown, claims: unknown, secret = SECRET) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};
const claims = (extra: Record<string, unknown> = {}) => ({ role: 0, sid: 's1', sub: '7', iat: now(), exp: now() + 60, ...extra });

async function jose(token: string) {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
    if (typeof payload.sid !== 'string' || !/^\d+$/.test(String(payload.sub ?? ''))) return null;
    return payload;
  } catch {
    return null;
  }
}

describe('token verification (node:crypto, as jose)', () => {
  it('accepts what sign() makes, with the same claims as jose reads', async () => {
    for (const actingAdminId of [undefined, 3]) {
      const token = await tokens.sign({ userId: 7, role: 2, sessionId: 'abc', sessionExpiresAt: new Date(Date.now() + 3600_000), actingAdminId });
      const mine = await tokens.verify(token);
      expect(mine).not.toBeNull();
      expect(mine).toEqual(await jose(token));
    }
  });

  it('refuses what jose refuses', async () => {
    const signed = await tokens.sign({ userId: 7, role: 0, sessionId: 'abc', sessionExpiresAt: new Date(Date.now() + 3600_000) });
    const [h, p, s] = signed.split('.') as [string, string, string];
    const cases: Record<string, string> = {
      'other key': await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-0123456789')),
      expired: hand({ alg: 'HS256' }, claims({ exp: now() - 1 })),
      'expires now': hand({ alg: 'HS256' }, claims({ exp: now() })),
      'no exp': hand({ alg: 'HS256' }, { role: 0, sid: 's1', sub: '7' }),
      'no sid': hand({ alg: 'HS256' }, { role: 0, sub: '7', exp: now() + 60 }),
      'no sub': hand({ alg: 'HS256' }, { role: 0, sid: 's1', exp: now() + 60 }),
      'sub not a number': hand({ alg: 'HS256' }, claims({ sub: 'admin' })),
      'sid not a string': hand({ alg: 'HS256' }, claims({ sid: 5 })),
      'exp not a number': hand({ alg: 'HS256' }, claims({ exp: String(now() + 60) })),
      'iat not a number': hand({ alg: 'HS256' }, claims({ iat: 'x' })),
      'not before later': hand({ alg: 'HS256' }, claims({ nbf: now() + 60 })),
      'alg none': `${b64({ alg: 'none' })}.${b64(claims())}.`,
      'alg HS512': hand({ alg: 'HS512' }, claims()),
      'no alg': hand({ typ: 'JWT' }, claims()),
      'critical extension': hand({ alg: 'HS256', crit: ['exp'], exp: 1 }, claims()),
      'unencoded payload': hand({ alg: 'HS256', b64: false, crit: ['b64'] }, claims()),
      'claims not an object': hand({ alg: 'HS256' }, [1, 2]),
      'claims not JSON': hand({ alg: 'HS256' }, 'not json'),
      'header not JSON': hand('nope', claims()),
      'changed claims': `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })}.${s}`,
      'changed signature': `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`,
      'two parts': `${h}.${p}`,
      'four parts': `${signed}.${s}`,
      empty: '',
      'too long': `${h}.${b64({ ...claims(), pad: 'x'.repeat(5000) })}.${s}`,
    };
    for (const [name, token] of Object.entries(cases)) {
      expect(await jose(token), name).toBeNull();
      expect(await tokens.verify(token), name).toBeNull();
    }
  });

  it('accepts a hand-made token jose accepts (other header fields, no iat, a past nbf)', async () => {
    for (const token of [
      hand({ alg: 'HS256', typ: 'JWT', kid: 'x' }, claims()),
      hand({ alg: 'HS256' }, { role: 1, sid: 'q', sub: '12', exp: now() + 60 }),
      hand({ alg: 'HS256' }, claims({ nbf: now() - 5, act: 2 })),
    ]) {
      expect(await jose(token)).not.toBeNull();
      expect(await tokens.verify(token)).toEqual(await jose(token));
    }
  });
});
