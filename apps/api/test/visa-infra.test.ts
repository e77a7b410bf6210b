import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '@umrah/domain/must';
import { loadConfig } from '../src/config.ts';
import { SealError, createSealer, keyIdOf, parseKey } from '../src/infra/crypto/index.ts';
import { LocalFileStore, S3FileStore } from '../src/infra/storage/index.ts';

const newKey = () => randomBytes(32).toString('base64');

describe('sealer (AES-256-GCM)', () => {
  const key = newKey();
  const sealer = createSealer(key);

  it('seals text that only opens with the same context, and never the same twice', () => {
    const a = sealer.seal('NW12AB345', 'visa:1');
    const b = sealer.seal('NW12AB345', 'visa:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('NW12AB345');
    expect(a.startsWith(`v1.${sealer.keyId}.`)).toBe(true);
    expect(sealer.open(a, 'visa:1').toString()).toBe('NW12AB345');
    expect(() => sealer.open(a, 'visa:2')).toThrow(SealError);
  });

  it('refuses tampered data', () => {
    const parts = sealer.seal('geheim', 'x').split('.');
    const data = Buffer.from(must(parts[4], 'the sealed data part'), 'base64url');
    data[0] = must(data[0], 'a first byte') ^ 1;
    parts[4] = data.toString('base64url');
    expect(() => sealer.open(parts.join('.'), 'x')).toThrow(SealError);
    expect(() => sealer.open('not an envelope', 'x')).toThrow(SealError);
  });

  it('seals bytes and names the key in both envelopes', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const sealed = sealer.sealBytes(jpeg, 'photo');
    expect(sealed.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    expect(sealer.openBytes(sealed, 'photo').equals(jpeg)).toBe(true);
    expect(sealer.envelopeKeyId(sealed)).toBe(sealer.keyId);
    expect(() => sealer.openBytes(sealed, 'other')).toThrow(SealError);
  });

  it('opens data of a previous key after a rotation, not of an unknown one', () => {
    const old = createSealer(key);
    const envelope = old.seal('oud', 'c');
    const rotated = createSealer(newKey(), [key]);
    expect(rotated.keyId).not.toBe(old.keyId);
    expect(rotated.keyIds).toEqual([rotated.keyId, old.keyId]);
    expect(rotated.open(envelope, 'c').toString()).toBe('oud');
    expect(rotated.envelopeKeyId(envelope)).toBe(old.keyId);
    expect(() => createSealer(newKey()).open(envelope, 'c')).toThrow(/no key/);
  });

  it('accepts only 32-byte keys', () => {
    expect(() => parseKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(keyIdOf(parseKey(key))).toBe(sealer.keyId);
  });
});

describe('config', () => {
  // A demo shop on production settings: the keys are required, the shop's own details are not.
  const base = { NODE_ENV: 'production', DEMO: '1', JWT_SECRET: 'x'.repeat(40), ALTCHA_HMAC_KEY: 'y'.repeat(20), PAYMENT_PROVIDER: 'simulator' };

  it('refuses to start in production without a visa key, or with a bad one', () => {
    expect(() => loadConfig({ ...base })).toThrow(/VISA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ ...base, VISA_ENCRYPTION_KEY: 'kort' })).toThrow(/32 bytes/);
    expect(() => loadConfig({ ...base, VISA_ENCRYPTION_KEY: newKey(), VISA_ENCRYPTION_PREVIOUS_KEYS: `${newKey()},abc` })).toThrow(
      /PREVIOUS_KEYS\[1\]/,
    );
    const key = newKey();
    const config = loadConfig({ ...base, VISA_ENCRYPTION_KEY: key, VISA_RETENTION_DAYS: '45' });
    expect(config.visaEncryptionKey).toBe(key);
    expect(config.visaRetentionDays).toBe(45);
    expect(config.fileStore.kind).toBe('local');
  });

  it('makes a development key once in the data folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'visa-cfg-'));
    try {
      const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      expect(parseKey(first.visaEncryptionKey)).toHaveLength(32);
      expect(second.visaEncryptionKey).toBe(first.visaEncryptionKey);
      expect(await readdir(dir)).toContain('dev-visa-key');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('needs every S3 setting for FILE_STORE=s3', () => {
    expect(() => loadConfig({ ...base, VISA_ENCRYPTION_KEY: newKey(), FILE_STORE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT/);
    const c = loadConfig({
      ...base,
      VISA_ENCRYPTION_KEY: newKey(),
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'b',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c.fileStore).toMatchObject({ kind: 's3', bucket: 'b', region: 'eu-west-1' });
  });
});

describe('LocalFileStore', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'visa-store-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts, gets and deletes by key, and deleting twice is fine', async () => {
    const store = new LocalFileStore(dir);
    await store.put('visa/1/abc.bin', Buffer.from('inhoud'));
    expect((await store.get('visa/1/abc.bin'))?.toString()).toBe('inhoud');
    await store.delete('visa/1/abc.bin');
    await store.delete('visa/1/abc.bin');
    expect(await store.get('visa/1/abc.bin')).toBeNull();
  });

  it('refuses keys that could leave the folder', async () => {
    const store = new LocalFileStore(dir);
    await expect(store.put('../evil', Buffer.from('x'))).rejects.toThrow(/invalid file key/);
    await expect(store.get('visa/../../etc/passwd')).rejects.toThrow(/invalid file key/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/invalid file key/);
  });
});

describe('S3FileStore', () => {
  // A small stand-in for an S3 server: keeps objects by path and records the signed requests.
  const objects = new Map<string, Buffer>();
  const seen: IncomingMessage[] = [];
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      seen.push(req);
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const key = req.url!;
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const body = objects.get(key);
        if (body) res.writeHead(200).end(body);
        else res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('stores under /bucket/key with SigV4 signed requests', async () => {
    const store = new S3FileStore({ endpoint, bucket: 'paspoorten', region: 'eu-west-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'geheim' });
    const data = randomBytes(2048);
    await store.put('visa/7/x.bin', data);
    expect(objects.get('/paspoorten/visa/7/x.bin')?.equals(data)).toBe(true);
    expect((await store.get('visa/7/x.bin'))?.equals(data)).toBe(true);
    await store.delete('visa/7/x.bin');
    expect(await store.get('visa/7/x.bin')).toBeNull();
    expect(seen[0]?.method).toBe('PUT');
    expect(seen[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request/);
    expect(seen[0]?.headers['x-amz-content-sha256']).toBeTruthy();
  });
});
