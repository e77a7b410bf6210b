import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@umrah/domain';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { orders } from '../src/db/schema.ts';
import { createSealer } from '../src/infra/crypto/index.ts';
import { exampleTrip, placeExampleOrder } from './documents-helpers.ts';
import { auth, customerToken } from './helpers.ts';

// docs/ABUSE.md, 'The visa key at start': a valid but different VISA_ENCRYPTION_KEY started without a word, and every read
// of passport data then answered 500. A start whose keys cannot open the newest sealed record refuses,
// naming the key id it needs.

const KEY1 = randomBytes(32).toString('base64');
const KEY2 = randomBytes(32).toString('base64');
const ID1 = createSealer(KEY1).keyId;

/** One database that outlives an app: a PGlite folder, or a throwaway PostgreSQL database. */
let database: Partial<AppConfig>;
let cleanup: () => Promise<void>;
let uploads: string;

const start = (keys: { visaEncryptionKey: string; visaPreviousKeys?: string[] }) =>
  buildApp({
    config: {
      env: 'test',
      logLevel: 'silent',
      jwtSecret: randomBytes(32).toString('hex'),
      altchaHmacKey: randomBytes(32).toString('hex'),
      publicUrl: 'http://shop.test',
      seedDemo: true,
      smtpUrl: undefined,
      fileStore: { kind: 'local', dir: uploads },
      visaPreviousKeys: [],
      ...database,
      ...keys,
    },
  });

beforeAll(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), 'visa-key-uploads-'));
  if (process.env.DATABASE_URL) {
    const name = `umrah_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    database = { databaseUrl: url.toString() };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'visa-key-db-'));
    database = { databaseUrl: undefined, pgliteDir: dir };
    cleanup = () => rm(dir, { recursive: true, force: true });
  }

  // Passport data sealed with KEY1.
  const app = await start({ visaEncryptionKey: KEY1 });
  await app.ready();
  try {
    const customer = await customerToken(app);
    const orderId = await placeExampleOrder(app, customer, (await exampleTrip(app)).id);
    await app.ctx.db.update(orders).set({ status: OrderStatus.COMPLETED }).where(eq(orders.id, orderId));
    const guestId = (await app.inject({ method: 'GET', url: `/api/order/${orderId}/visa`, headers: auth(customer) })).json().guests[0].id;
    const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c8b4a0' } })
      .jpeg()
      .toBuffer();
    const res = await app.inject({
      method: 'POST',
      url: '/api/order/guest/visa',
      headers: auth(customer),
      payload: {
        order_id: orderId,
        guest_id: guestId,
        first_name: 'Ahmed',
        last_name: 'Yilmaz',
        gender: 0,
        date_of_birth: '1980-02-29',
        nationality: 'NL',
        city_of_country: 'TR',
        city_of_birth: 'Konya',
        passport_number: 'NX1234567',
        passport_creation_date: '2022-05-01',
        passport_expires: '2035-04-30',
        visa_photo: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  } finally {
    await app.close();
  }
});
afterAll(async () => {
  await cleanup?.();
  await rm(uploads, { recursive: true, force: true });
});

describe('the visa key is checked at start', () => {
  it('a different key refuses to start, naming the key id the data needs', async () => {
    await expect(start({ visaEncryptionKey: KEY2 })).rejects.toThrow(new RegExp(`needs the key with id ${ID1}`));
  });

  it('starts with the right key, and with the new key while the old one is a previous key', async () => {
    for (const keys of [{ visaEncryptionKey: KEY1 }, { visaEncryptionKey: KEY2, visaPreviousKeys: [KEY1] }]) {
      const app = await start(keys);
      await app.close();
    }
  });
});
