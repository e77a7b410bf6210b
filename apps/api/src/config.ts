import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEMO_CHAT_URL, DEMO_COMPANY, type CompanyDetails } from '@umrah/domain/company';
import { parseKey } from './infra/crypto/index.ts';
import type { FileStoreConfig } from './infra/storage/index.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** 'true'/'1' or 'false'/'0', unset: the default. */
const envFlag = (byDefault: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(byDefault ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  IMPERSONATION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(3600).default(3600),
  TRUST_PROXY: z.string().max(2000).optional(),
  SMTP_URL: z.string().optional(),
  // Unset: the company's name and e-mail address.
  MAIL_FROM: z.string().optional(),
  OFFICE_EMAIL: z.string().default('office@umrahreizen.nl'),
  // The chat widget's external link, e.g. 'https://wa.me/31612345678?text=' or a URL with {text}.
  CHAT_URL: z
    .string()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/, 'CHAT_URL moet een http(s)-adres zijn')
    .optional(),
  VISA_ENCRYPTION_KEY: z.string().optional(),
  VISA_ENCRYPTION_PREVIOUS_KEYS: z.string().optional(),
  VISA_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SEED_DEMO: envFlag(true),
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['simulator', 'paynl', 'mollie']).default('simulator'),
  PAYNL_TOKEN_CODE: z.string().optional(),
  PAYNL_API_TOKEN: z.string().optional(),
  PAYNL_SERVICE_ID: z.string().optional(),
  PAYNL_SERVICE_SECRET: z.string().optional(),
  PAYNL_TEST_MODE: envFlag(false),
  PAYNL_API_URL: z.string().default('https://connect.pay.nl/v1'),
  MOLLIE_API_KEY: z.string().optional(),
  MOLLIE_API_URL: z.string().default('https://api.mollie.com/v2/'),
  // Reminders and unpaid leads (modules/reminders): days before the deadline/departure, e.g. '-30,-14,-7'.
  REMINDER_PLAN_DAYS: z
    .string()
    .default('-30,-14,-7')
    .refine((v) => /^\s*-?\d{1,3}\s*(,\s*-?\d{1,3}\s*)*$/.test(v), 'REMINDER_PLAN_DAYS: a comma list of days, e.g. -30,-14,-7'),
  LEAD_EXPIRY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(48),
  SCHEDULER_ENABLED: z.enum(['true', 'false', '1', '0']).optional(),
  SCHEDULER_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(300),
  // A demo shop on production settings (benchmarks, a public demo): the demo company details are allowed.
  DEMO: envFlag(false),
});

/** The environment variable of each company detail (docs/ARCHITECTURE.md, 'Configuration'). */
export const COMPANY_ENV = {
  name: 'COMPANY_NAME',
  street: 'COMPANY_STREET',
  zip: 'COMPANY_ZIP',
  city: 'COMPANY_CITY',
  country: 'COMPANY_COUNTRY',
  phone: 'COMPANY_PHONE',
  email: 'COMPANY_EMAIL',
  website: 'COMPANY_WEBSITE',
  kvk: 'COMPANY_KVK',
  vat_number: 'COMPANY_VAT_NUMBER',
  iban: 'COMPANY_IBAN',
} as const satisfies Record<keyof CompanyDetails, string>;

/**
 * The demo values that are placeholders rather than the shop's brand: an invoice must never go out
 * with them. Name, e-mail address, website, city and country may well stay as they are.
 */
const PLACEHOLDER_DETAILS = ['street', 'phone', 'kvk', 'vat_number', 'iban'] as const;

/** COMPANY_* from the environment; each one unset or empty keeps its demo value. */
export function companyFromEnv(env: NodeJS.ProcessEnv): CompanyDetails {
  const details = { ...DEMO_COMPANY };
  for (const [key, name] of Object.entries(COMPANY_ENV) as [keyof CompanyDetails, string][]) {
    const value = env[name]?.trim();
    if (value) details[key] = value;
  }
  return details;
}

/** The variables whose company detail is still the demo placeholder. */
export const demoCompanyVariables = (company: CompanyDetails): string[] =>
  PLACEHOLDER_DETAILS.filter((k) => company[k] === DEMO_COMPANY[k]).map((k) => COMPANY_ENV[k]);

/**
 * Production refuses to start with the demo company details (no invoice with a placeholder KvK or
 * IBAN), unless DEMO=1 says it is a demo shop on purpose. Called by the server at start; loading the
 * configuration alone (tests, scripts) does not check it.
 */
export function assertCompanyConfigured(config: Pick<AppConfig, 'env' | 'demo' | 'company'>): void {
  if (config.env !== 'production' || config.demo) return;
  const missing = demoCompanyVariables(config.company);
  if (missing.length) {
    throw new Error(`The company details are still the demo values: set ${missing.join(', ')} in production (or DEMO=1 for a demo shop)`);
  }
}

export interface PaymentsConfig {
  provider: 'simulator' | 'paynl' | 'mollie';
  /** PAY. Order API: Basic auth with AT-code:API token, or SL-code (service id):secret. */
  paynl: { tokenCode?: string; apiToken?: string; serviceId?: string; serviceSecret?: string; testMode: boolean; apiUrl: string };
  mollie: { apiKey?: string; apiUrl: string };
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in dataDir/pglite; ':memory:' keeps PGlite in memory (tests). */
  databaseUrl?: string;
  pgliteDir?: string;
  publicUrl: string;
  jwtSecret: string;
  altchaHmacKey: string;
  tokenTtlSeconds: number;
  /** A session (and every token refreshed from it) ends this long after login. */
  sessionMaxAgeSeconds: number;
  /** An admin's 'log in as' session ends after at most an hour. */
  impersonationMaxAgeSeconds: number;
  /**
   * Which proxies may set X-Forwarded-For (Fastify trustProxy): false (none, the default), a hop
   * count, or addresses/CIDRs. Trusting any sender would let a client pick its own rate-limit key.
   */
  trustProxy: boolean | number | string[];
  smtpUrl?: string;
  mailFrom: string;
  officeEmail: string;
  /** The agency's details on PDFs, in mails and on the site (GET /api/company). */
  company: CompanyDetails;
  /** DEMO=1: a demo shop, also on production settings (the demo company details are allowed). */
  demo: boolean;
  /** The chat widget's link with the typed text ({text} or appended); unset hides the widget. */
  chatUrl?: string;
  /** AES-256 key (base64, 32 bytes) sealing passport data and photos. */
  visaEncryptionKey: string;
  /** Keys of earlier rotations: they still open old data until `npm run visa:reencrypt` has run. */
  visaPreviousKeys: string[];
  /** Visa data and photos are deleted this many days after the trip's end. */
  visaRetentionDays: number;
  fileStore: FileStoreConfig;
  seedDemo: boolean;
  rateLimitFactor: number;
  logLevel: string;
  webDist: string;
  payments: PaymentsConfig;
  /** Days before the payment deadline / departure on which automatic reminders go out, largest first. */
  reminderPlanDays: number[];
  /** A customer's own LEAD without any payment is cancelled this many hours after it was made. */
  leadExpiryHours: number;
  /** The reminder and lead-expiry scheduler runs in this process (default: yes, except in tests). */
  schedulerEnabled: boolean;
  schedulerIntervalMs: number;
}

/** Development secrets are made once and kept in the data folder, so tokens survive a restart. */
function devSecrets(dataDir: string): { jwt: string; altcha: string } {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { jwt: randomBytes(48).toString('base64url'), altcha: randomBytes(32).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The development visa key, made once in the data folder like the other development secrets. */
function devVisaKey(dataDir: string): string {
  const file = path.join(dataDir, 'dev-visa-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process (a parallel test file) made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

/** TRUST_PROXY: unset/'false' → trust nobody; '1', '2' → that many hops; else a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') throw new Error('TRUST_PROXY=true would trust any sender of X-Forwarded-For: give the hop count or the proxy addresses');
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.parse(env);
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = parsed.DATA_DIR ? path.resolve(cwd, parsed.DATA_DIR) : path.join(REPO_ROOT, 'data');
  if (parsed.NODE_ENV === 'production' && (!parsed.JWT_SECRET || !parsed.ALTCHA_HMAC_KEY)) {
    throw new Error('JWT_SECRET and ALTCHA_HMAC_KEY must be set in production');
  }
  if (parsed.PAYMENT_PROVIDER === 'paynl') {
    const hasAt = parsed.PAYNL_TOKEN_CODE && parsed.PAYNL_API_TOKEN;
    if (!parsed.PAYNL_SERVICE_ID || (!hasAt && !parsed.PAYNL_SERVICE_SECRET)) {
      throw new Error('PAYMENT_PROVIDER=paynl needs PAYNL_SERVICE_ID and PAYNL_TOKEN_CODE + PAYNL_API_TOKEN (or PAYNL_SERVICE_SECRET)');
    }
  }
  // The simulator lets anyone 'pay': production must choose it on purpose.
  if (parsed.NODE_ENV === 'production' && !env.PAYMENT_PROVIDER) {
    throw new Error('PAYMENT_PROVIDER must be set in production (paynl, mollie, or simulator on purpose)');
  }
  if (parsed.PAYMENT_PROVIDER === 'mollie' && !parsed.MOLLIE_API_KEY) {
    throw new Error('PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY');
  }
  // Passport data must never be sealed with a key that only lives on one server's disk.
  if (parsed.NODE_ENV === 'production' && !parsed.VISA_ENCRYPTION_KEY) {
    throw new Error('VISA_ENCRYPTION_KEY must be set in production (32 bytes in base64: openssl rand -base64 32)');
  }
  const visaPreviousKeys = (parsed.VISA_ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  // Bad keys fail at start-up, not at the first upload.
  if (parsed.VISA_ENCRYPTION_KEY) parseKey(parsed.VISA_ENCRYPTION_KEY);
  visaPreviousKeys.forEach((k, i) => parseKey(k, `VISA_ENCRYPTION_PREVIOUS_KEYS[${i}]`));
  const s3Missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !parsed[k]);
  if (parsed.FILE_STORE === 's3' && s3Missing.length) throw new Error(`FILE_STORE=s3 needs ${s3Missing.join(', ')}`);
  const secrets = parsed.JWT_SECRET && parsed.ALTCHA_HMAC_KEY ? null : devSecrets(dataDir);
  const company = companyFromEnv(env);
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    jwtSecret: parsed.JWT_SECRET ?? secrets!.jwt,
    altchaHmacKey: parsed.ALTCHA_HMAC_KEY ?? secrets!.altcha,
    tokenTtlSeconds: parsed.TOKEN_TTL_SECONDS,
    sessionMaxAgeSeconds: parsed.SESSION_MAX_AGE_SECONDS,
    impersonationMaxAgeSeconds: parsed.IMPERSONATION_MAX_AGE_SECONDS,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM || `${company.name} <${company.email}>`,
    officeEmail: parsed.OFFICE_EMAIL,
    company,
    demo: parsed.DEMO,
    // The demo configuration (development, DEMO=1) has a chat link, so a new user sees the widget.
    chatUrl: parsed.CHAT_URL || (parsed.NODE_ENV === 'development' || parsed.DEMO ? DEMO_CHAT_URL : undefined),
    visaEncryptionKey: parsed.VISA_ENCRYPTION_KEY ?? devVisaKey(dataDir),
    visaPreviousKeys,
    visaRetentionDays: parsed.VISA_RETENTION_DAYS,
    fileStore:
      parsed.FILE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: parsed.S3_ENDPOINT!,
            bucket: parsed.S3_BUCKET!,
            region: parsed.S3_REGION!,
            accessKeyId: parsed.S3_ACCESS_KEY_ID!,
            secretAccessKey: parsed.S3_SECRET_ACCESS_KEY!,
          }
        : { kind: 'local', dir: path.join(dataDir, 'uploads') },
    seedDemo: parsed.SEED_DEMO,
    rateLimitFactor: parsed.RATE_LIMIT_FACTOR,
    logLevel: parsed.LOG_LEVEL,
    webDist: parsed.WEB_DIST ? path.resolve(cwd, parsed.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    payments: {
      provider: parsed.PAYMENT_PROVIDER,
      paynl: {
        tokenCode: parsed.PAYNL_TOKEN_CODE || undefined,
        apiToken: parsed.PAYNL_API_TOKEN || undefined,
        serviceId: parsed.PAYNL_SERVICE_ID || undefined,
        serviceSecret: parsed.PAYNL_SERVICE_SECRET || undefined,
        testMode: parsed.PAYNL_TEST_MODE,
        apiUrl: parsed.PAYNL_API_URL.replace(/\/$/, ''),
      },
      mollie: { apiKey: parsed.MOLLIE_API_KEY || undefined, apiUrl: parsed.MOLLIE_API_URL },
    },
    // '-30' and '30' both mean 30 days before; duplicates and 0 are dropped.
    reminderPlanDays: [...new Set(parsed.REMINDER_PLAN_DAYS.split(',').map((d) => Math.abs(Number(d.trim()))))]
      .filter((d) => d > 0)
      .sort((a, b) => b - a),
    leadExpiryHours: parsed.LEAD_EXPIRY_HOURS,
    schedulerEnabled: parsed.SCHEDULER_ENABLED ? parsed.SCHEDULER_ENABLED === 'true' || parsed.SCHEDULER_ENABLED === '1' : parsed.NODE_ENV !== 'test',
    schedulerIntervalMs: parsed.SCHEDULER_INTERVAL_SECONDS * 1000,
  };
}
