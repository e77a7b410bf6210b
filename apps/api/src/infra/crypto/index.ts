import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// AES-256-GCM for passport data at rest (visa_documents.sealed) and passport photos in the file
// store. Every envelope names the key that sealed it, so older keys keep opening old data during a
// rotation (scripts/reencrypt-visa.ts re-seals it with the current key).

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Text envelopes: 'v1.<keyId>.<iv>.<tag>.<ciphertext>', base64url parts. */
const TEXT_VERSION = 'v1';
/** Binary envelopes start with these bytes, then a key id length byte, the key id, iv, tag, ciphertext. */
const BINARY_MAGIC = Buffer.from('UVE1', 'ascii');

export class SealError extends Error {}

/** A 32-byte key from base64 (standard or url-safe); anything else is refused with a clear error. */
export function parseKey(base64: string, name = 'VISA_ENCRYPTION_KEY'): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes in base64 (e.g. \`openssl rand -base64 32\`), got ${key.length} bytes`);
  return key;
}

/** The id stored next to the data: a short hash of the key, so the key itself never needs a name. */
export const keyIdOf = (key: Buffer) => createHash('sha256').update('umrah-visa-key').update(key).digest('hex').slice(0, 12);

export interface Sealer {
  /** Id of the key that seals new data. */
  readonly keyId: string;
  /** Every key id that can still be opened (current first). */
  readonly keyIds: readonly string[];
  /** Text envelope of `plain`. `context` (e.g. 'visa:<guestId>') must be given again to open it. */
  seal(plain: string | Buffer, context: string): string;
  open(envelope: string, context: string): Buffer;
  sealBytes(plain: Buffer, context: string): Buffer;
  openBytes(envelope: Buffer, context: string): Buffer;
  /** Which key sealed an envelope (text or binary), without opening it. */
  envelopeKeyId(envelope: string | Buffer): string;
}

/** A text envelope's parts: version.keyId.iv.tag.data, base64url. */
function parseText(envelope: string) {
  const [version, id, iv, tag, data, ...rest] = envelope.split('.');
  if (version !== TEXT_VERSION || id === undefined || iv === undefined || tag === undefined || data === undefined || rest.length > 0) {
    throw new SealError('malformed envelope');
  }
  return { id, iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), data: Buffer.from(data, 'base64url') };
}

/** A binary envelope's parts: magic, key id length and id, iv, tag, data. */
function parseBinary(envelope: Buffer) {
  if (envelope.length < BINARY_MAGIC.length + 1 || !envelope.subarray(0, BINARY_MAGIC.length).equals(BINARY_MAGIC)) {
    throw new SealError('malformed envelope');
  }
  let at = BINARY_MAGIC.length;
  const idLength = envelope.readUInt8(at++);
  const id = envelope.subarray(at, at + idLength).toString('ascii');
  at += idLength;
  const iv = envelope.subarray(at, at + IV_BYTES);
  at += IV_BYTES;
  const tag = envelope.subarray(at, at + TAG_BYTES);
  at += TAG_BYTES;
  return { id, iv, tag, data: envelope.subarray(at) };
}

export function createSealer(currentKey: string, previousKeys: readonly string[] = []): Sealer {
  const current = parseKey(currentKey);
  const keys = new Map<string, Buffer>();
  keys.set(keyIdOf(current), current);
  for (const [i, k] of previousKeys.entries()) {
    const key = parseKey(k, `VISA_ENCRYPTION_PREVIOUS_KEYS[${i}]`);
    if (!keys.has(keyIdOf(key))) keys.set(keyIdOf(key), key);
  }
  const keyId = keyIdOf(current);

  function encrypt(plain: Buffer, context: string) {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, current, iv, { authTagLength: TAG_BYTES });
    // The context is authenticated, so a sealed value moved to another row or file does not open.
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), data };
  }

  function decrypt(id: string, iv: Buffer, tag: Buffer, data: Buffer, context: string): Buffer {
    const key = keys.get(id);
    if (!key) throw new SealError(`no key with id ${id} (set it in VISA_ENCRYPTION_PREVIOUS_KEYS)`);
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealError('malformed envelope');
    try {
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]);
    } catch {
      throw new SealError('envelope does not open (wrong key, context or tampered data)');
    }
  }

  return {
    keyId,
    keyIds: [...keys.keys()],
    seal(plain, context) {
      const { iv, tag, data } = encrypt(Buffer.isBuffer(plain) ? plain : Buffer.from(plain, 'utf8'), context);
      return [TEXT_VERSION, keyId, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
    },
    open(envelope, context) {
      const e = parseText(envelope);
      return decrypt(e.id, e.iv, e.tag, e.data, context);
    },
    sealBytes(plain, context) {
      const { iv, tag, data } = encrypt(plain, context);
      const id = Buffer.from(keyId, 'ascii');
      return Buffer.concat([BINARY_MAGIC, Buffer.from([id.length]), id, iv, tag, data]);
    },
    openBytes(envelope, context) {
      const e = parseBinary(envelope);
      return decrypt(e.id, e.iv, e.tag, e.data, context);
    },
    envelopeKeyId(envelope) {
      return typeof envelope === 'string' ? parseText(envelope).id : parseBinary(envelope).id;
    },
  };
}
