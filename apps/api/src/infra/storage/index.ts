import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

// Files (passport photos) live outside the database: in a folder by default, in an S3-compatible
// bucket when configured, so several API processes can share them. Callers store what they want
// kept private already encrypted; the store only moves bytes.

export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing file is not an error (a retried cleanup must be able to run twice). */
  delete(key: string): Promise<void>;
}

// Keys are made by the API ('visa/12/ab…'), but checked anyway so no key can leave the folder.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
function checkKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.length > 512) throw new Error(`invalid file key: ${key}`);
}

export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private file(key: string) {
    checkKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer) {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, file);
  }

  async get(key: string) {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string) {
    await rm(this.file(key), { force: true });
  }
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Any S3-compatible service (AWS, MinIO, Scaleway, Backblaze…), path-style URLs, SigV4 via aws4fetch. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(
    opts: S3Options,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.client = new AwsClient({
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      region: opts.region,
      service: 's3',
    });
    this.base = `${opts.endpoint.replace(/\/$/, '')}/${encodeURIComponent(opts.bucket)}`;
  }

  private async send(method: string, key: string, body?: Buffer, contentType?: string) {
    checkKey(key);
    const url = `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
    const headers: Record<string, string> = body ? { 'content-type': contentType ?? 'application/octet-stream' } : {};
    const request = await this.client.sign(url, { method, body: body ? new Uint8Array(body) : undefined, headers });
    return this.fetchImpl(request);
  }

  async put(key: string, data: Buffer, contentType?: string) {
    const res = await this.send('PUT', key, data, contentType);
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }

  async get(key: string) {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string) {
    const res = await this.send('DELETE', key);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
  }
}

export type FileStoreConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Options);

export function createFileStore(config: FileStoreConfig): FileStore {
  return config.kind === 's3' ? new S3FileStore(config) : new LocalFileStore(config.dir);
}
