import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEMO_CHAT_URL, type CompanyDetails } from '@umrah/domain/company';
import { companyFromEnv, demoCompanyVariables } from './config-company.ts';
import { devSecrets, devVisaKey } from './config-dev-secrets.ts';
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
  // Required in production (see configProblems); elsewhere the demo office address.
  OFFICE_EMAIL: z.string().optional(),
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
  // Unset: true in development and tests, false in production (where only DEMO=1 allows it).
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
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
  // Places held without payment (docs/MONEY.md): rooms in a customer's unpaid orders (all trips), and
  // places (guests) in one trip. Orders staff place for a customer do not count.
  UNPAID_ROOMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(4),
  UNPAID_PLACES_PER_TRIP: z.coerce.number().int().min(1).max(4000).default(12),
  // Waiting list (docs/WAITLIST.md): how long places that came back are held for the first waiting customer.
  WAITLIST_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  SCHEDULER_ENABLED: z.enum(['true', 'false', '1', '0']).optional(),
  SCHEDULER_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(300),
  // A demo shop on production settings (benchmarks, a public demo): the demo company details are allowed.
  DEMO: envFlag(false),
  // Tests only (NODE_ENV=test): the process ends after an idempotent write, before its answer (a crash).
  TEST_CRASH_BEFORE_ANSWER: envFlag(false),
  // SIGTERM/SIGINT: how long in-flight requests may take before the process exits anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

/** Every variable the configuration reads (the test checks that .env.example explains each one). */
export const ENV_VARIABLES = [...Object.keys(envSchema.shape), 'INTERNAL_EMAIL_DOMAINS'];

/** What each variable must look like, for the start-up message that lists every problem at once. */
const HINTS: Record<string, string> = {
  NODE_ENV: 'development, production or test',
  PORT: 'a port number, e.g. 3000',
  PUBLIC_URL: "the shop's public https address, e.g. https://www.umrahreizen.nl",
  JWT_SECRET: 'at least 32 random characters, e.g. `openssl rand -base64 48`',
  ALTCHA_HMAC_KEY: 'at least 16 random characters, e.g. `openssl rand -base64 32`',
  SMTP_URL: 'the mail server as a URL, e.g. smtp://user:password@mail.example.nl:587',
  OFFICE_EMAIL: "the office's e-mail address for notifications, e.g. office@example.nl",
  VISA_ENCRYPTION_KEY: '32 bytes in base64, e.g. `openssl rand -base64 32`',
  VISA_ENCRYPTION_PREVIOUS_KEYS: 'a comma list of earlier keys, each 32 bytes in base64',
  PAYMENT_PROVIDER: 'paynl, mollie, or simulator on purpose',
  SEED_DEMO: 'unset or false in production (DEMO=1 declares a demo shop that may load the demo data)',
  CHAT_URL: 'an http(s) address, e.g. https://wa.me/31612345678?text={text}',
  TRUST_PROXY: 'a hop count (1) or proxy addresses/CIDRs (127.0.0.1,10.0.0.0/8)',
  SHUTDOWN_TIMEOUT_MS: 'milliseconds, e.g. 10000',
  COMPANY_STREET: "the agency's street and number, printed on every invoice",
  COMPANY_PHONE: "the agency's phone number",
  COMPANY_KVK: "the agency's KvK number",
  COMPANY_VAT_NUMBER: "the agency's VAT number, e.g. NL123456789B01",
  COMPANY_IBAN: "the agency's IBAN",
};

/** One configuration problem: the variable and what is wrong with it. */
export interface ConfigProblem {
  variable: string;
  problem: string;
}

/** Thrown at start with every configuration problem in one message, so one start shows them all. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      `The configuration is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'}); set these environment variables and start again:\n` +
        problems.map((p) => `  - ${p.variable}: ${p.problem}${HINTS[p.variable] ? ` (expected: ${HINTS[p.variable]})` : ''}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

const isEmail = (v: string) => z.email().safeParse(v).success;

export { COMPANY_ENV, assertCompanyConfigured, companyFromEnv } from './config-company.ts';

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
  /** UNPAID_ROOMS_PER_ACCOUNT, UNPAID_PLACES_PER_TRIP: what one customer may hold without paying. */
  unpaidHolds: { roomsPerAccount: number; placesPerTrip: number };
  /** Hours a waiting-list customer has to book the places held for them. */
  waitlistHoldHours: number;
  /** The reminder and lead-expiry scheduler runs in this process (default: yes, except in tests). */
  schedulerEnabled: boolean;
  schedulerIntervalMs: number;
  /** Tests only: end the process between an idempotent write's commit and its answer. */
  crashBeforeIdempotentAnswer?: boolean;
  /** SIGTERM/SIGINT: in-flight requests get this long, then the process exits anyway. */
  shutdownTimeoutMs: number;
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

/**
 * Every problem of the environment at once: the format of each variable, and what production needs
 * (keys, a real https address, a mail server, the office address, the company details, no demo data).
 * DEMO=1 declares a demo shop on production settings (benchmarks, a public demo): it may keep its
 * mails in the outbox, use any address and the demo company, and load the demo data.
 */
export function configProblems(env: NodeJS.ProcessEnv): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const add = (variable: string, problem: string) => {
    if (!problems.some((p) => p.variable === variable)) problems.push({ variable, problem });
  };
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0] ?? 'environment'), `invalid: ${issue.message}`);
  const value = (name: string) => env[name]?.trim() || undefined;
  const production = env.NODE_ENV === 'production';
  const demo = value('DEMO') === '1' || value('DEMO') === 'true';
  if (production) {
    for (const name of ['JWT_SECRET', 'ALTCHA_HMAC_KEY', 'VISA_ENCRYPTION_KEY', 'PAYMENT_PROVIDER']) if (!value(name)) add(name, 'missing');
    if (!demo) {
      for (const name of ['PUBLIC_URL', 'SMTP_URL', 'OFFICE_EMAIL']) if (!value(name)) add(name, 'missing');
      for (const name of demoCompanyVariables(companyFromEnv(env))) add(name, 'still the demo placeholder (DEMO=1 only for a demo shop)');
      const seed = value('SEED_DEMO');
      if (seed === 'true' || seed === '1') add('SEED_DEMO', 'would load the demo data and its known admin password into production');
    }
  }
  const publicUrl = value('PUBLIC_URL');
  if (publicUrl) {
    const url = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
    if (!url || !/^https?:$/.test(url.protocol)) add('PUBLIC_URL', 'not an http(s) address');
    // Links in mails (password reset, payment return) must not go out over plain http.
    else if (production && !demo && url.protocol !== 'https:') add('PUBLIC_URL', 'must start with https:// in production');
  }
  const smtpUrl = value('SMTP_URL');
  if (smtpUrl && !(URL.canParse(smtpUrl) && /^smtps?:$/.test(new URL(smtpUrl).protocol))) add('SMTP_URL', 'not an smtp:// or smtps:// address');
  const office = value('OFFICE_EMAIL');
  if (office && !isEmail(office)) add('OFFICE_EMAIL', 'not an e-mail address');
  const provider = value('PAYMENT_PROVIDER');
  if (provider === 'paynl') {
    const hasAt = value('PAYNL_TOKEN_CODE') && value('PAYNL_API_TOKEN');
    if (!value('PAYNL_SERVICE_ID') || (!hasAt && !value('PAYNL_SERVICE_SECRET'))) {
      add('PAYMENT_PROVIDER', 'paynl needs PAYNL_SERVICE_ID and PAYNL_TOKEN_CODE + PAYNL_API_TOKEN (or PAYNL_SERVICE_SECRET)');
    }
  }
  if (provider === 'mollie' && !value('MOLLIE_API_KEY')) add('MOLLIE_API_KEY', 'missing: PAYMENT_PROVIDER=mollie needs it');
  // Bad keys fail at start-up, not at the first upload.
  const visaKey = value('VISA_ENCRYPTION_KEY');
  if (visaKey) {
    try {
      parseKey(visaKey);
    } catch (err) {
      add('VISA_ENCRYPTION_KEY', (err as Error).message);
    }
  }
  splitList(env.VISA_ENCRYPTION_PREVIOUS_KEYS).forEach((k, i) => {
    try {
      parseKey(k, `VISA_ENCRYPTION_PREVIOUS_KEYS[${i}]`);
    } catch (err) {
      add('VISA_ENCRYPTION_PREVIOUS_KEYS', (err as Error).message);
    }
  });
  if (value('FILE_STORE') === 's3') {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      if (!value(name)) add(name, 'missing: FILE_STORE=s3 needs it');
  }
  try {
    parseTrustProxy(env.TRUST_PROXY);
  } catch (err) {
    add('TRUST_PROXY', (err as Error).message);
  }
  return problems;
}

const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems = configProblems(env);
  if (problems.length) throw new ConfigError(problems);
  const parsed = envSchema.parse(env);
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = parsed.DATA_DIR ? path.resolve(cwd, parsed.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const visaPreviousKeys = splitList(parsed.VISA_ENCRYPTION_PREVIOUS_KEYS);
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
    officeEmail: parsed.OFFICE_EMAIL || 'office@umrahreizen.nl',
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
    seedDemo: parsed.SEED_DEMO ? parsed.SEED_DEMO === 'true' || parsed.SEED_DEMO === '1' : parsed.NODE_ENV !== 'production',
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
    unpaidHolds: { roomsPerAccount: parsed.UNPAID_ROOMS_PER_ACCOUNT, placesPerTrip: parsed.UNPAID_PLACES_PER_TRIP },
    waitlistHoldHours: parsed.WAITLIST_HOLD_HOURS,
    schedulerEnabled: parsed.SCHEDULER_ENABLED ? parsed.SCHEDULER_ENABLED === 'true' || parsed.SCHEDULER_ENABLED === '1' : parsed.NODE_ENV !== 'test',
    schedulerIntervalMs: parsed.SCHEDULER_INTERVAL_SECONDS * 1000,
    crashBeforeIdempotentAnswer: parsed.NODE_ENV === 'test' && parsed.TEST_CRASH_BEFORE_ANSWER,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
  };
}
