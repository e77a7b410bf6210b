import http from 'node:http';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { MSG } from '@umrah/domain';
import { loadConfig, type AppConfig } from './config.ts';
import { backfillIssuedInvoices, setInvoiceCompany } from './modules/invoices/issued.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/index.ts';
import { seedDemoData, type DemoAccount } from './db/seed.ts';
import { createCaptcha } from './infra/captcha/index.ts';
import { localEventBus, postgresEventBus } from './infra/events/index.ts';
import { installIdempotency } from './infra/http/idempotency.ts';
import { databaseRateLimitStore } from './infra/http/rate-limit-store.ts';
import { createSealer } from './infra/crypto/index.ts';
import { addSecurityHeaders, securityHeaderSets } from './infra/http/security-headers.ts';
import { createStaticFiles, type StaticFiles } from './infra/http/static-files.ts';
import { installFairShare } from './infra/http/fair-share.ts';
import { installBoundedJsonParser } from './infra/http/json-body.ts';
import { createPageRenderer, injectFetch, renderedPageHeaders, type PageRenderer } from './infra/http/render-page.ts';
import { addAccessLog, loggerOptions } from './infra/http/logging.ts';
import { createMailWorker } from './infra/mail/outbox.ts';
import { createFileStore } from './infra/storage/index.ts';
import { AppError, dbErrorToAppError, defaultErrorName } from './lib/errors.ts';
import { rejectHostileInput } from './lib/input-guard.ts';
import { createTokenService } from './lib/tokens.ts';
import { registerModules } from './modules/index.ts';
import { catalogCache } from './infra/http/catalog-cache.ts';
import { createScheduler } from './modules/reminders/scheduler.ts';
import { checkVisaKeys } from './modules/visa/key-check.ts';
import { startVisaRetention } from './modules/visa/retention.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Routes whose JSON body may be larger than the app's default limit. */
const LARGER_BODIES: Record<string, number> = {
  // The admin's bulk product import: a list of products, all or nothing.
  'POST /api/products': 1024 * 1024,
  // The admin's saved rooming of a whole trip: up to 2000 rooms of up to 8 guests.
  'POST /api/merged_rooms': 512 * 1024,
};
const BODY_TOO_LARGE = 'Het verzoek is te groot.';
/** Usual health-check paths that are not ours (see the not-found handler). */
const NOT_HEALTH_PATHS = new Set(['/healthz', '/health', '/healthcheck', '/ready', '/readyz', '/livez', '/live', '/status', '/ping']);

export interface BuildOptions {
  config?: Partial<AppConfig>;
  /** Print the demo accounts after seeding (the server does outside production, tests do not). */
  announceSeed?: boolean;
  /** Where log lines go (tests read them); default stdout. */
  logStream?: NodeJS.WritableStream;
}

/** The Fastify app on an HTTP server that answers the web build's files itself. */
function createServer(config: AppConfig, web: StaticFiles, logStream: NodeJS.WritableStream | undefined): FastifyInstance {
  let staticRequests = 0;
  const app: FastifyInstance = Fastify({
    // A file of the build is answered before Fastify makes a request and a reply of it: a static
    // server's speed for the shop's JavaScript, CSS and images. Everything else goes on to Fastify.
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        const start = performance.now();
        if (!web.serve(req, res)) return handler(req, res);
        // The access line of a file of the build (its path names a build file, nothing personal).
        if (['info', 'debug', 'trace'].includes(app.log.level)) {
          const reqId = `static-${++staticRequests}`;
          res.once('finish', () => {
            const ms = Math.round((performance.now() - start) * 10) / 10;
            app.log.info({ reqId, method: req.method, route: req.url?.split('?')[0], status: res.statusCode, ms }, 'request');
          });
        }
      });
      // Fastify's own keep-alive default, which it does not set on a serverFactory's server (Node's is
      // 5 s): a proxy that keeps idle connections longer than we do may send a request on one we close.
      server.keepAliveTimeout = 72_000;
      return server;
    },
    logger: loggerOptions(config.logLevel, logStream),
    // Shutdown: keep-alive connections without a request in flight are closed at once (server.ts).
    forceCloseConnections: 'idle',
    // Only the configured proxies may name the client address (rate limits are keyed on it).
    // (A hop count is accepted at run time; the type omits it.)
    trustProxy: config.trustProxy as boolean | string[],
    // Fastify's two lines per request (with the full URL and its query) are replaced by one access
    // line of our own (addAccessLog).
    logController: new LogController({ disableRequestLogging: true }),
    // Small by default (64 kB): no JSON form comes near it. Routes that need more say so (LARGER_BODIES below,
    // or their own `bodyLimit`, as the visa photo upload does); a larger body is a 413 before it is read.
    bodyLimit: 64 * 1024,
    // Shutdown: a request that arrives on a keep-alive connection still open (a proxy such as Caddy
    // reuses its connections) is answered, with 'Connection: close', not refused with a 503 that the
    // proxy would hand to the client during a rolling restart (scripts/deploy-test, test/shutdown.test.ts).
    return503OnClosing: false,
  });
  return app;
}

/** What every request passes before a route: the access log, body limits, fair shares and the input guard. */
function installRequestGuards(app: FastifyInstance, web: StaticFiles): void {
  addAccessLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const larger = Math.max(0, ...methods.map((m) => LARGER_BODIES[`${m} ${route.url}`] ?? 0));
    if (larger && route.bodyLimit === undefined) route.bodyLimit = larger;
  });
  // The same fast path for requests that do not come through the server above (app.inject in tests).
  app.addHook('onRequest', (request, reply, done) => {
    if (web.serve(request.raw, reply.raw)) return reply.hijack();
    done();
  });
  // JSON bodies: nesting and member count checked on the raw text before JSON.parse (infra/http/json-body.ts).
  installBoundedJsonParser(app);
  // Routes with heavy work (PDFs, pictures, exports) take turns per user (infra/http/fair-share.ts).
  installFairShare(app);
  // NUL, lone surrogates and absurd nesting in any body, query or path: 400 before a schema or handler.
  app.addHook('preValidation', rejectHostileInput);
}

/** One error handler: the app's own errors, refused input and Fastify's client errors with a Dutch message, the rest a 500. */
function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ error: error.error, message: error.message, ...(error.details ? { details: error.details } : {}) });
    }
    // Input the database refused (a date, a number or a character it cannot take, a foreign key): 4xx.
    const fromDb = dbErrorToAppError(error);
    if (fromDb) {
      request.log.warn({ err: error }, 'database refused the input');
      return reply.status(fromDb.statusCode).send({ error: fromDb.error, message: fromDb.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        // A body that is no object at all has no field to blame: one general Dutch message.
        const notAnObject = path === '' && v.keyword === 'invalid_type';
        return { path, message: notAnObject ? MSG.invalidInput : v.message };
      });
      return reply.status(400).send({ error: 'Bad Request', message: issues[0]?.message ?? MSG.invalidInput, details: issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(error, 'response did not match its schema');
      return reply.status(500).send({ error: 'Internal Server Error', message: MSG.serverError });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ error: defaultErrorName(413), message: BODY_TOO_LARGE });
    if (status === 429) return reply.status(429).send({ error: 'Too Many Requests', message: MSG.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, too large): a Dutch message only.
      return reply.status(status).send({ error: defaultErrorName(status), message: MSG.invalidInput });
    }
    request.log.error(error);
    return reply.status(500).send({ error: 'Internal Server Error', message: MSG.serverError });
  });
}

/** The rate limit (counted in the database) and the API documentation at /api/docs. */
async function registerLimitsAndDocs(app: FastifyInstance, rateLimitStore: ReturnType<typeof databaseRateLimitStore>['Store']): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so N API processes behind a load balancer share one limit.
    store: rateLimitStore,
    errorResponseBuilder: () => new AppError(429, MSG.tooManyRequests),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Umrah Reizen API', version: '1.0.0', description: 'API van de webshop en boekingssite.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** The single-page app's document for '/' and every other page path; public pages rendered when a renderer is there. */
function serveSinglePageApp(app: FastifyInstance, web: StaticFiles, pages: PageRenderer | null): void {
  /** index.html as text, made once per build rather than once per request. */
  let lastIndex: { body: Buffer; text: string } | null = null;
  const indexText = (body: Buffer) => {
    if (lastIndex?.body !== body) lastIndex = { body, text: body.toString('utf8') };
    return lastIndex.text;
  };
  /** The single-page app's document (index.html from memory, revalidated on each visit). */
  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    const index = web.index;
    if (!index) return reply.status(404).send({ error: 'Not Found', message: MSG.notFound });
    const rendered = pages?.handles(request.url) ? await pages.render(request.url, indexText(index.identity.body)) : null;
    if (rendered) {
      reply.headers(renderedPageHeaders(index.identity.headers)).header('vary', 'accept-encoding').header('etag', rendered.etag);
      if (request.headers['if-none-match'] === rendered.etag) return reply.status(304).send();
      const { body, encoding } = await rendered.encoded(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body);
    }
    reply.hijack();
    web.send(request.raw, reply.raw, index);
  };
  // The home page is the app itself.
  app.get('/', { schema: { hide: true } }, sendApp);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A missing file (a stale asset name) is a 404, not the app: the browser would parse HTML as JS.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // Health is /api/health and /api/ready only: a probe pointed at another usual path must fail,
    // not get the app's page with a 200 and report a dead shop as alive.
    if (pathname.startsWith('/api/') || !isRead || looksLikeFile || NOT_HEALTH_PATHS.has(pathname.replace(/\/$/, ''))) {
      return reply.status(404).send({ error: 'Not Found', message: MSG.notFound });
    }
    // Every other GET is a route of the single-page app.
    return sendApp(request, reply);
  });
}

/** The demo accounts and their passwords, for development only: production never prints a password. */
function announceDemoAccounts(accounts: DemoAccount[] | null, announce: boolean | undefined, env: AppConfig['env']): void {
  if (accounts && announce && env !== 'production') {
    // Plain console lines, so they stay together and in order in the start-up output.
    console.log('Demo data geladen. Accounts (alleen voor ontwikkeling):');
    for (const a of accounts) console.log(`  ${a.role.padEnd(11)} ${a.email.padEnd(28)} ${a.password}`);
  }
}

/** What every route and job reaches through `app.ctx`. */
function appContext(
  config: AppConfig,
  database: Awaited<ReturnType<typeof openDatabase>>,
  mail: AppContext['mail'],
  events: AppContext['events'],
): AppContext {
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    captcha: createCaptcha(config.altchaHmacKey, database.db),
    mail,
    events,
    sealer: createSealer(config.visaEncryptionKey, config.visaPreviousKeys),
    files: createFileStore(config.fileStore),
  };
}

/**
 * Issued invoices print the configured company; orders paid before invoices were kept get theirs
 * once (one query when there are none; safe in several processes: docs/INVOICES.md, modules/invoices/issued.ts).
 */
async function issueMissedInvoices(app: FastifyInstance, config: AppConfig, db: AppContext['db']): Promise<void> {
  setInvoiceCompany(config.company);
  const backfilled = await backfillIssuedInvoices(db);
  if (backfilled > 0) app.log.info({ backfilled }, 'invoices: issued for orders paid before they were kept');
}

export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config: AppConfig = { ...loadConfig(), ...opts.config };
  // The web build, from memory. A rebuilt web app is picked up within a second or two (except in tests).
  const web = createStaticFiles(config.webDist, securityHeaderSets(), { watch: config.env !== 'test' });
  const app = createServer(config, web, opts.logStream);
  installRequestGuards(app, web);
  let accounts: DemoAccount[] | null = null;
  // Migrations and the demo seed under one lock: processes started together do them once.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    init: async (db) => {
      if (config.seedDemo) accounts = await seedDemoData(db);
    },
  });
  const mail = createMailWorker(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const retention = startVisaRetention(app);
  // Reminders and unpaid leads (SCHEDULER_ENABLED; off in tests unless asked for).
  const scheduler = createScheduler(app);
  const rateLimits = databaseRateLimitStore(database.db);
  const events = config.databaseUrl ? await postgresEventBus(config.databaseUrl, (err) => app.log.error(err, 'event bus')) : localEventBus();
  app.decorate('ctx', appContext(config, database, mail, events));
  // Routes with `config.idempotency` answer a repeated Idempotency-Key with the first answer.
  const idempotencyCleanup = installIdempotency(app, database.db, { crashBeforeAnswer: config.crashBeforeIdempotentAnswer });
  // Refuse to start with keys that cannot open the stored passport data (modules/visa/key-check.ts).
  await checkVisaKeys(database.db, app.ctx.sealer).catch(async (err: unknown) => {
    await events.close();
    await rateLimits.close();
    await database.close();
    throw err;
  });
  app.addHook('onClose', async () => {
    web.close();
    await idempotencyCleanup.stop();
    await scheduler.stop();
    await mail.stop();
    await retention.stop();
    await rateLimits.close();
    await events.close();
    await database.close();
  });

  announceDemoAccounts(accounts, opts.announceSeed, config.env);
  await issueMissedInvoices(app, config, database.db);

  addSecurityHeaders(app);
  // Another process's catalog change: drop this process's cached copy too.
  events.subscribe('catalog', () => catalogCache(app.ctx).invalidate());

  await registerLimitsAndDocs(app, rateLimits.Store);
  installErrorHandler(app);
  // Public pages come rendered (below). A write that succeeded may change what such a page shows:
  // cached pages are checked once before they are served again, here and (through the event bus) in
  // the other processes. Added before the routes, so that it applies to all of them.
  let pages: PageRenderer | null = null;
  events.subscribe('content', () => pages?.dataChanged());
  app.addHook('onResponse', async (request, reply) => {
    if (pages && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      pages.dataChanged();
      events.publish('content');
    }
  });

  await app.register(registerModules);

  // Public pages come rendered with current data (infra/http/render-page.ts), the rest as the plain app.
  pages = await createPageRenderer(config.webDist, injectFetch(app), app.log);
  app.addHook('onClose', async () => pages?.close());
  serveSinglePageApp(app, web, pages);
  app.addHook('onReady', async () => {
    mail.start();
    void mail.kick();
    // The daily visa retention run (one process at a time, see modules/visa/retention.ts).
    retention.start();
    scheduler.start();
    idempotencyCleanup.start();
  });
  return app;
}
