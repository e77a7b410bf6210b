import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type PaymentsConfig } from '../src/config.ts';
import { simulatorPayments } from '../src/db/schema.ts';
import { createPaymentProvider, PaymentProviderError, PROVIDER_UNAVAILABLE } from '../src/infra/payments/index.ts';
import { createMollieProvider } from '../src/infra/payments/mollie.ts';
import { createPaynlProvider } from '../src/infra/payments/paynl.ts';
import { createTestApp } from './helpers.ts';

// Local stand-ins of the providers' documented APIs: they check what we send and answer like the docs.

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Handler = (req: Recorded, res: http.ServerResponse) => void;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return (server.address() as AddressInfo).port;
}

function json(res: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
}

const closeServer = (s: http.Server | https.Server) => new Promise<void>((r) => s.close(() => r()));

describe('PAY. adapter against a stand-in of the Order API', () => {
  const AT = 'AT-1234-5678';
  const TOKEN = 'a'.repeat(40);
  const SL = 'SL-1111-2222';
  const SECRET = 'b'.repeat(40);
  const calls: Recorded[] = [];
  const statusCodes = new Map<string, number>();
  let server: http.Server;
  let apiUrl: string;
  let n = 0;

  const handler: Handler = (req, res) => {
    const accepted = [`Basic ${Buffer.from(`${AT}:${TOKEN}`).toString('base64')}`, `Basic ${Buffer.from(`${SL}:${SECRET}`).toString('base64')}`];
    if (!accepted.includes(req.headers.authorization ?? '')) return json(res, 401, { type: 'unauthorized', title: 'Unauthorized' });
    if (req.method === 'POST' && req.url === '/v1/orders') {
      if (req.headers['content-type'] !== 'application/json') return json(res, 415, {});
      const body = JSON.parse(req.body);
      const valid =
        body.serviceId === SL &&
        Number.isInteger(body.amount?.value) &&
        body.amount.value > 0 &&
        body.amount.currency === 'EUR' &&
        /^[A-Za-z0-9]{1,64}$/.test(body.reference) &&
        typeof body.description === 'string' &&
        body.description.length <= 32 &&
        /^https?:\/\//.test(body.returnUrl) &&
        /^https?:\/\//.test(body.exchangeUrl);
      if (!valid) return json(res, 422, { type: 'validation', title: 'Invalid request', body });
      const id = `0190a${String(++n).padStart(3, '0')}-675d-7c2d-b9ae-02a9b4bb79b3`;
      statusCodes.set(id, 20);
      return json(res, 201, {
        id,
        serviceId: SL,
        description: body.description,
        reference: body.reference,
        orderId: `5100785604${n}X14b0`,
        uuid: id,
        status: { code: 20, action: 'PENDING' },
        amount: body.amount,
        links: {
          status: `https://connect.pay.nl/v1/orders/${id}/status`,
          redirect: `https://checkout.pay.nl/to/${id}`,
        },
      });
    }
    const id = /^\/v1\/orders\/([^/]+)\/status$/.exec(req.url)?.[1];
    if (req.method === 'GET' && id) {
      const code = statusCodes.get(decodeURIComponent(id));
      if (code === undefined) return json(res, 404, { type: 'not_found' });
      const action = code === 100 ? 'PAID' : code < 0 ? 'CANCEL' : 'PENDING';
      return json(res, 200, { id, status: { code, action }, amount: { value: 12345, currency: 'EUR' } });
    }
    json(res, 404, {});
  };

  const cfg = (over: Partial<PaymentsConfig['paynl']> = {}): PaymentsConfig['paynl'] => ({
    tokenCode: AT,
    apiToken: TOKEN,
    serviceId: SL,
    testMode: true,
    apiUrl,
    ...over,
  });

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const rec = { method: req.method!, url: req.url!, headers: req.headers, body: await readBody(req) };
      calls.push(rec);
      handler(rec, res);
    });
    apiUrl = `http://127.0.0.1:${await listen(server)}/v1`;
  });
  afterAll(() => closeServer(server));

  it('creates an order with Basic AT-code auth and the documented body, and returns links.redirect', async () => {
    const provider = createPaynlProvider(cfg());
    const created = await provider.create({
      amount: 12345,
      description: 'Bestelling FCU2123 bij Umrah Reizen, aanbetaling',
      reference: 'FCU2123',
      returnUrl: 'http://shop.test/confirm/123',
      exchangeUrl: 'http://shop.test/api/payment/exchange/7',
    });
    expect(created.paymentUrl).toBe(`https://checkout.pay.nl/to/${created.providerRef}`);
    const sent = JSON.parse(calls.at(-1)!.body);
    expect(sent).toMatchObject({
      serviceId: SL,
      amount: { value: 12345, currency: 'EUR' },
      reference: 'FCU2123',
      returnUrl: 'http://shop.test/confirm/123',
      exchangeUrl: 'http://shop.test/api/payment/exchange/7',
      integration: { test: true },
    });
    expect(sent.description.length).toBeLessThanOrEqual(32);
    expect(calls.at(-1)!.headers.accept).toBe('application/json');
  });

  it('maps the documented status codes of GET /v1/orders/{id}/status', async () => {
    const provider = createPaynlProvider(cfg({ tokenCode: undefined, apiToken: undefined, serviceSecret: SECRET }));
    const { providerRef } = await provider.create({
      amount: 500,
      description: 'x',
      reference: 'FCU2-9',
      returnUrl: 'http://shop.test/r',
      exchangeUrl: 'http://shop.test/e',
    });
    // SL-code auth; the reference lost its dash, PAY. takes letters and digits only.
    expect(calls.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from(`${SL}:${SECRET}`).toString('base64')}`);
    expect(JSON.parse(calls.at(-1)!.body).reference).toBe('FCU29');
    const expected: [number, string][] = [
      [20, 'pending'],
      [50, 'pending'],
      [90, 'pending'],
      [95, 'pending'],
      [100, 'paid'],
      [-90, 'cancelled'],
      [-64, 'cancelled'],
      [-80, 'expired'],
      [-63, 'failed'],
      [-60, 'failed'],
    ];
    for (const [code, state] of expected) {
      statusCodes.set(providerRef, code);
      expect(await provider.status(providerRef), `code ${code}`).toEqual({ state, amount: 12345 });
    }
  });

  it('turns refused credentials and an unknown order into a Dutch 502, never a crash', async () => {
    const wrong = createPaynlProvider(cfg({ apiToken: 'wrong' }));
    const err = await wrong
      .create({ amount: 100, description: 'x', reference: 'R1', returnUrl: 'http://a.test', exchangeUrl: 'http://b.test' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err.statusCode).toBe(502);
    expect(err.message).toBe(PROVIDER_UNAVAILABLE);
    expect(err.detail).toContain('401');
    await expect(createPaynlProvider(cfg()).status('nope')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Mollie adapter (@mollie/api-client) against a stand-in of the Payments API', () => {
  const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
  const payments = new Map<string, { status: string; amount: { currency: string; value: string } }>();
  const calls: Recorded[] = [];
  let server: https.Server;
  let certDir: string;
  let apiUrl: string;
  let previousTls: string | undefined;
  let n = 0;

  const paymentJson = (id: string) => {
    const p = payments.get(id)!;
    return {
      resource: 'payment',
      id,
      mode: 'test',
      status: p.status,
      amount: p.amount,
      description: 'x',
      createdAt: new Date().toISOString(),
      _links: {
        self: { href: `${apiUrl}payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `https://www.mollie.com/checkout/select-method/${id}`, type: 'text/html' },
      },
    };
  };

  beforeAll(async () => {
    // The client pins its own https agent (Mollie's CA bundle, https only), so the stand-in speaks
    // TLS with a throwaway certificate and this test alone accepts it.
    certDir = mkdtempSync(path.join(tmpdir(), 'mollie-standin-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        path.join(certDir, 'key.pem'),
        '-out',
        path.join(certDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    server = https.createServer(
      { key: readFileSync(path.join(certDir, 'key.pem')), cert: readFileSync(path.join(certDir, 'cert.pem')) },
      async (req, res) => {
        const rec = { method: req.method!, url: req.url!, headers: req.headers, body: await readBody(req) };
        calls.push(rec);
        if (req.headers.authorization !== `Bearer ${API_KEY}`) {
          return json(
            res,
            401,
            { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication, or failed to authenticate' },
            'application/hal+json',
          );
        }
        if (req.method === 'POST' && req.url === '/v2/payments') {
          const body = JSON.parse(rec.body);
          const valid =
            body.amount?.currency === 'EUR' &&
            /^\d+\.\d{2}$/.test(body.amount?.value) &&
            typeof body.description === 'string' &&
            /^https?:\/\//.test(body.redirectUrl) &&
            /^https?:\/\//.test(body.webhookUrl);
          if (!valid) return json(res, 422, { status: 422, title: 'Unprocessable Entity', detail: 'invalid' }, 'application/hal+json');
          const id = `tr_WDqYK6vll${++n}`;
          payments.set(id, { status: 'open', amount: body.amount });
          return json(res, 201, paymentJson(id), 'application/hal+json');
        }
        const id = /^\/v2\/payments\/([^/?]+)/.exec(req.url!)?.[1];
        if (req.method === 'GET' && id && payments.has(id)) return json(res, 200, paymentJson(id), 'application/hal+json');
        json(res, 404, { status: 404, title: 'Not Found', detail: 'No payment exists with token' }, 'application/hal+json');
      },
    );
    apiUrl = `https://127.0.0.1:${await listen(server)}/v2/`;
  });
  afterAll(async () => {
    if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
    await closeServer(server);
    rmSync(certDir, { recursive: true, force: true });
  });

  it('creates a payment with the API key, a decimal amount string, redirect and webhook URLs', async () => {
    const provider = createMollieProvider({ apiKey: API_KEY, apiUrl });
    const created = await provider.create({
      amount: 123405,
      description: 'Bestelling FCU2123',
      reference: 'FCU2123',
      returnUrl: 'http://shop.test/confirm/123',
      exchangeUrl: 'http://shop.test/api/payment/exchange/9',
    });
    expect(created.paymentUrl).toBe(`https://www.mollie.com/checkout/select-method/${created.providerRef}`);
    const sent = JSON.parse(calls.at(-1)!.body);
    expect(sent).toMatchObject({
      amount: { currency: 'EUR', value: '1234.05' },
      description: 'Bestelling FCU2123',
      redirectUrl: 'http://shop.test/confirm/123',
      webhookUrl: 'http://shop.test/api/payment/exchange/9',
      method: ['ideal', 'bancontact', 'creditcard'],
      metadata: { reference: 'FCU2123' },
    });
  });

  it("maps Mollie's statuses and reads the amount back in cents", async () => {
    const provider = createMollieProvider({ apiKey: API_KEY, apiUrl });
    const { providerRef } = await provider.create({
      amount: 5000,
      description: 'x',
      reference: 'R',
      returnUrl: 'http://shop.test/r',
      exchangeUrl: 'http://shop.test/e',
    });
    const expected: [string, string][] = [
      ['open', 'pending'],
      ['pending', 'pending'],
      ['authorized', 'pending'],
      ['paid', 'paid'],
      ['canceled', 'cancelled'],
      ['expired', 'expired'],
      ['failed', 'failed'],
    ];
    for (const [status, state] of expected) {
      payments.get(providerRef)!.status = status;
      expect(await provider.status(providerRef), status).toEqual({ state, amount: 5000 });
    }
  });

  it('turns a refused key into a Dutch 502', async () => {
    const provider = createMollieProvider({ apiKey: 'test_wrongwrongwrongwrongwrongwr', apiUrl });
    const err = await provider.status('tr_x').catch((e) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err.message).toBe(PROVIDER_UNAVAILABLE);
  });
});

describe('the built-in simulator', () => {
  let app: FastifyInstance;
  let exchange: http.Server;
  let exchangeUrl: string;
  const exchangeCalls: Recorded[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    exchange = http.createServer(async (req, res) => {
      exchangeCalls.push({ method: req.method!, url: req.url!, headers: req.headers, body: await readBody(req) });
      res.end('TRUE');
    });
    exchangeUrl = `http://127.0.0.1:${await listen(exchange)}/api/payment/exchange/1`;
  });
  afterAll(async () => {
    await app?.close();
    if (exchange) await closeServer(exchange);
  });

  const newPayment = (amount = 12345) =>
    createPaymentProvider(app.ctx).create({
      amount,
      description: 'Bestelling FCU2123, aanbetaling',
      reference: 'FCU2123',
      returnUrl: 'http://shop.test/confirm/123',
      exchangeUrl,
    });
  const pathOf = (url: string) => new URL(url).pathname;
  const choose = (url: string, choice: string) =>
    app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `choice=${choice}`,
    });

  it('is the default provider and serves a Dutch hosted page with the amount and three choices', async () => {
    expect(createPaymentProvider(app.ctx).name).toBe('simulator');
    const { providerRef, paymentUrl } = await newPayment();
    expect(paymentUrl).toBe(`http://shop.test/api/payments/simulator/${providerRef}`);
    const page = await app.inject({ method: 'GET', url: pathOf(paymentUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('€ 123,45');
    expect(page.body).toContain('FCU2123');
    for (const label of ['>Betalen<', '>Annuleren<', '>Mislukt<']) expect(page.body).toContain(label);
    expect(await createPaymentProvider(app.ctx).status(providerRef)).toEqual({ state: 'pending', amount: 12345 });
  });

  it('pays: calls the exchange URL server-side, then redirects to the return URL with orderStatusId=100', async () => {
    const { providerRef, paymentUrl } = await newPayment();
    const before = exchangeCalls.length;
    const res = await choose(paymentUrl, 'paid');
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('http://shop.test/confirm/123');
    expect(location.searchParams.get('orderStatusId')).toBe('100');
    expect(location.searchParams.get('orderId')).toBe(providerRef);
    // The exchange happened before the redirect, server to server.
    expect(exchangeCalls.length).toBe(before + 1);
    expect(exchangeCalls.at(-1)!.method).toBe('POST');
    expect(exchangeCalls.at(-1)!.url).toBe('/api/payment/exchange/1');
    expect(await createPaymentProvider(app.ctx).status(providerRef)).toEqual({ state: 'paid', amount: 12345 });

    // A second submit (back button, replay) changes nothing and calls nobody.
    const again = await choose(paymentUrl, 'cancelled');
    expect(again.statusCode).toBe(303);
    expect(new URL(again.headers.location as string).searchParams.get('orderStatusId')).toBe('100');
    expect(exchangeCalls.length).toBe(before + 1);
    expect((await createPaymentProvider(app.ctx).status(providerRef)).state).toBe('paid');
    const page = await app.inject({ method: 'GET', url: pathOf(paymentUrl) });
    expect(page.body).toContain('Betaald');
    expect(page.body).not.toContain('>Betalen<');
  });

  it('cancels and fails with PAY.-style negative codes', async () => {
    const cancelled = await newPayment();
    const c = await choose(cancelled.paymentUrl, 'cancelled');
    expect(new URL(c.headers.location as string).searchParams.get('orderStatusId')).toBe('-90');
    expect((await createPaymentProvider(app.ctx).status(cancelled.providerRef)).state).toBe('cancelled');

    const failed = await newPayment();
    const f = await choose(failed.paymentUrl, 'failed');
    expect(new URL(f.headers.location as string).searchParams.get('orderStatusId')).toBe('-63');
    expect((await createPaymentProvider(app.ctx).status(failed.providerRef)).state).toBe('failed');
  });

  it('expires an open payment after an hour, and refuses unknown payments and choices', async () => {
    const { providerRef, paymentUrl } = await newPayment();
    await app.ctx.db
      .update(simulatorPayments)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(simulatorPayments.id, providerRef));
    expect((await createPaymentProvider(app.ctx).status(providerRef)).state).toBe('expired');
    const late = await choose(paymentUrl, 'paid');
    expect(new URL(late.headers.location as string).searchParams.get('orderStatusId')).toBe('-80');
    expect((await createPaymentProvider(app.ctx).status(providerRef)).state).toBe('expired');

    const fresh = await newPayment();
    expect((await choose(fresh.paymentUrl, 'stolen')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/payments/simulator/SIM-doesnotexist0000' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/payments/simulator/../../etc' })).statusCode).toBe(404);
  });
});

describe('provider selection from the environment', () => {
  // Production also needs the visa key; the provider rules are what these cases are about.
  const base = { JWT_SECRET: 'x'.repeat(40), ALTCHA_HMAC_KEY: 'y'.repeat(20), VISA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };

  it('defaults to the simulator and reads the keys of PAY. and Mollie', () => {
    expect(loadConfig(base).payments.provider).toBe('simulator');
    const paynl = loadConfig({
      ...base,
      PAYMENT_PROVIDER: 'paynl',
      PAYNL_TOKEN_CODE: 'AT-1',
      PAYNL_API_TOKEN: 't',
      PAYNL_SERVICE_ID: 'SL-1',
    }).payments;
    expect(paynl.paynl).toMatchObject({ tokenCode: 'AT-1', apiToken: 't', serviceId: 'SL-1', apiUrl: 'https://connect.pay.nl/v1' });
    const mollie = loadConfig({ ...base, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_k' }).payments;
    expect(mollie.mollie).toEqual({ apiKey: 'test_k', apiUrl: 'https://api.mollie.com/v2/' });
  });

  it('refuses a provider without its keys, and an implicit simulator in production', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'paynl', PAYNL_SERVICE_ID: 'SL-1' })).toThrow(/PAYNL/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'mollie' })).toThrow(/MOLLIE_API_KEY/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    // The rest of what production requires (config.test.ts and company.test.ts cover those).
    const production = {
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.nl',
      SMTP_URL: 'smtp://mail.example.nl:587',
      OFFICE_EMAIL: 'office@example.nl',
      COMPANY_STREET: 'Stationsplein 1',
      COMPANY_PHONE: '030 765 43 21',
      COMPANY_KVK: '87654321',
      COMPANY_VAT_NUMBER: 'NL123456789B01',
      COMPANY_IBAN: 'NL02 RABO 0123 4567 89',
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'simulator' }).payments.provider).toBe('simulator');
  });

  it('builds the adapter PAYMENT_PROVIDER names', () => {
    const db = {} as never;
    const cfg = loadConfig({ ...base, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_k' });
    expect(createPaymentProvider({ config: cfg, db }).name).toBe('mollie');
    const cfg2 = loadConfig({ ...base, PAYMENT_PROVIDER: 'paynl', PAYNL_SERVICE_ID: 'SL-1', PAYNL_SERVICE_SECRET: 's' });
    expect(createPaymentProvider({ config: cfg2, db }).name).toBe('paynl');
  });
});
