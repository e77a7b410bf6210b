import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO_CHAT_URL, DEMO_COMPANY } from '@umrah/domain';
import { REPO_ROOT, assertCompanyConfigured, loadConfig, type ConfigError } from '../src/config.ts';
import { createTestApp } from './helpers.ts';

// The company details come from one place, the configuration (COMPANY_* with demo defaults), and
// production refuses to start with the demo placeholders, so no invoice shows a fake KvK or IBAN.

// Given secrets, so loading the configuration writes no development secrets to the data folder.
const secrets = { JWT_SECRET: 'x'.repeat(40), ALTCHA_HMAC_KEY: 'y'.repeat(20), VISA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
// Everything else production requires (config.test.ts covers those).
const production = {
  ...secrets,
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'simulator',
  PUBLIC_URL: 'https://shop.example.nl',
  SMTP_URL: 'smtp://mail.example.nl:587',
  OFFICE_EMAIL: 'office@example.nl',
};
const real = {
  COMPANY_STREET: 'Stationsplein 1',
  COMPANY_PHONE: '030 765 43 21',
  COMPANY_KVK: '87654321',
  COMPANY_VAT_NUMBER: 'NL123456789B01',
  COMPANY_IBAN: 'NL02 RABO 0123 4567 89',
};

describe('company details in the configuration', () => {
  it('defaults to the demo details, and reads COMPANY_* (the sender follows the name and address)', () => {
    const demo = loadConfig({ ...secrets, NODE_ENV: 'test' });
    expect(demo.company).toEqual(DEMO_COMPANY);
    expect(demo.mailFrom).toBe('Umrah Reizen <info@umrahreizen.nl>');
    const own = loadConfig({ ...secrets, NODE_ENV: 'test', ...real, COMPANY_NAME: 'Reisbureau Test', COMPANY_EMAIL: 'post@reis.test' });
    expect(own.company).toMatchObject({
      name: 'Reisbureau Test',
      email: 'post@reis.test',
      kvk: '87654321',
      iban: 'NL02 RABO 0123 4567 89',
      city: 'Amsterdam',
    });
    expect(own.mailFrom).toBe('Reisbureau Test <post@reis.test>');
  });

  it('has a chat link in the demo configuration (development, DEMO=1), none in production or tests without CHAT_URL', () => {
    expect(loadConfig({ ...secrets, NODE_ENV: 'development' }).chatUrl).toBe(DEMO_CHAT_URL);
    expect(loadConfig({ ...production, DEMO: '1' }).chatUrl).toBe(DEMO_CHAT_URL);
    expect(DEMO_CHAT_URL).toMatch(/^https:\/\/.+\{text\}$/);
    // Production also needs the real company details (the next test).
    expect(loadConfig({ ...production, ...real }).chatUrl).toBeUndefined();
    expect(loadConfig({ ...secrets, NODE_ENV: 'test' }).chatUrl).toBeUndefined();
    expect(loadConfig({ ...production, ...real, CHAT_URL: 'https://chat.example/?q={text}' }).chatUrl).toBe('https://chat.example/?q={text}');
  });

  it('refuses the demo details in production, naming the variables still to set', () => {
    const problems = () => {
      try {
        loadConfig(production);
      } catch (err) {
        return (err as ConfigError).problems.map((p) => p.variable);
      }
    };
    expect(problems()).toEqual(['COMPANY_STREET', 'COMPANY_PHONE', 'COMPANY_KVK', 'COMPANY_VAT_NUMBER', 'COMPANY_IBAN']);
    expect(() => assertCompanyConfigured({ env: 'production', demo: false, company: DEMO_COMPANY })).toThrow(
      'The company details are still the demo values: set COMPANY_STREET, COMPANY_PHONE, COMPANY_KVK, COMPANY_VAT_NUMBER, COMPANY_IBAN in production (or DEMO=1 for a demo shop)',
    );
    // One placeholder left is one too many.
    expect(() => loadConfig({ ...production, ...real, COMPANY_IBAN: '' })).toThrow(/COMPANY_IBAN: still the demo placeholder/);
  });

  it('accepts them in development, in tests and on a demo shop (DEMO=1), and real ones in production', () => {
    expect(() => assertCompanyConfigured(loadConfig({ ...production, NODE_ENV: 'development' }))).not.toThrow();
    expect(() => assertCompanyConfigured(loadConfig({ ...secrets, NODE_ENV: 'test' }))).not.toThrow();
    expect(() => assertCompanyConfigured(loadConfig({ ...production, DEMO: '1' }))).not.toThrow();
    expect(() => assertCompanyConfigured(loadConfig({ ...production, ...real }))).not.toThrow();
  });
});

describe('the server', () => {
  it('does not start in production with the demo company details', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, ...production, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('COMPANY_STREET: still the demo placeholder');
  });
});

describe('GET /api/company', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ company: { ...DEMO_COMPANY, name: 'Reisbureau Test', kvk: '87654321' } });
  });
  afterAll(() => app.close());

  it('serves the configured details to the web shop, for anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEMO_COMPANY, name: 'Reisbureau Test', kvk: '87654321' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
