import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib/v1';
import { buildApp, type BuildOptions } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { DEMO_ACCOUNTS } from '../src/db/seed.ts';

export { DEMO_ACCOUNTS };

/** Which database the API tests run on: PGlite in memory, or PostgreSQL when DATABASE_URL is set. */
export const TEST_DB = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Builds the app on a fresh database: an in-memory PGlite, or a throwaway PostgreSQL database
 * created on the DATABASE_URL server and dropped again by `close()`.
 */
export async function createTestApp(config: Partial<AppConfig> = {}, build: Omit<BuildOptions, 'config'> = {}): Promise<FastifyInstance> {
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `umrah_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const app = await buildApp({
    ...build,
    config: {
      env: 'test',
      logLevel: 'silent',
      databaseUrl,
      pgliteDir: ':memory:',
      jwtSecret: randomBytes(32).toString('hex'),
      altchaHmacKey: randomBytes(32).toString('hex'),
      publicUrl: 'http://shop.test',
      seedDemo: true,
      smtpUrl: undefined,
      // The suites place many unpaid orders as the one demo customer; the bounds on what an account
      // may hold unpaid are tested with their defaults in money.test.ts.
      unpaidHolds: { roomsPerAccount: 100_000, placesPerTrip: 100_000 },
      ...config,
    },
  });
  await app.ready();
  if (dropDatabase) {
    // Drop the throwaway database only after the app's pool is closed.
    const close = app.close.bind(app);
    app.close = (async () => {
      await close();
      await dropDatabase();
    }) as typeof app.close;
  }
  return app;
}

/** Solves an ALTCHA challenge of the app the way the browser widget does, giving the form payload. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json();
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const solution = await promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

export async function loginToken(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export const adminToken = (app: FastifyInstance) => loginToken(app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
export const customerToken = (app: FastifyInstance) => loginToken(app, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);

export const validAccount = (overrides: Record<string, unknown> = {}) => ({
  email: `nieuw-${randomBytes(4).toString('hex')}@example.nl`,
  first_name: 'Maryam',
  last_name: 'Haddou',
  date_of_birth: '1990-05-01',
  nationality: 'Nederlandse',
  phone_number: '0611111111',
  address: 'Kalverstraat 5',
  zip: '1012 NX',
  city: 'Amsterdam',
  country: 'Nederland',
  ...overrides,
});
