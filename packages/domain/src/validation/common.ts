import { z } from 'zod';
import { MSG } from '../messages.ts';

// Every default message (wrong types, numbers out of range) in Dutch, on the server and in the browser.
z.config(z.locales.nl());

/**
 * The most characters a text field takes. Generous for real input, small enough that no single
 * field can make a PDF, a mail or a database index work for minutes (the product's rules set none).
 */
export const TEXT_MAX = {
  name: 100,
  /** Street and number, or any one-line label of a thing (product, voucher, line item). */
  address: 200,
  label: 200,
  /** RFC 5321: a path holds at most 254 characters. */
  email: 254,
  /** Zip codes, phone numbers and other short codes. */
  short: 50,
  /** Search boxes. */
  search: 200,
  /** Tokens from a link, captcha payloads. */
  token: 2000,
  /** Free text: descriptions, messages. */
  text: 5000,
} as const;

/** The largest id PostgreSQL's `integer`/`serial` holds; a larger number can never name a record. */
export const MAX_DB_ID = 2_147_483_647;

export const INVALID_CHARACTERS = 'Deze tekst bevat ongeldige tekens.';
export const INVALID_ID = 'Ongeldig id.';
export const tooLongMessage = (label: string, max: number) => `${label} mag maximaal ${max} tekens lang zijn.`;

// NUL cannot be stored by PostgreSQL (text or jsonb), a lone surrogate is no Unicode at all (jsonb
// refuses it, UTF-8 cannot encode it): both only ever come from a hostile or broken client.
const INVALID_CHARACTERS_RE = /\u0000|\p{Cs}/u;

/** True for a string with a NUL character or an unpaired UTF-16 surrogate. */
export const hasInvalidCharacters = (value: string): boolean => INVALID_CHARACTERS_RE.test(value);

/** 'Voornaam is verplicht!' → 'Voornaam', for the field's length message. */
const labelOf = (requiredMessage: string) => /^(.+?) is verplicht\s*!?\s*$/.exec(requiredMessage)?.[1] ?? 'Deze tekst';

/** An optional or free text field: trimmed, at most `max` characters, no NUL or lone surrogate. */
export const text = (max: number = TEXT_MAX.text, label = 'Deze tekst') =>
  z
    .string({ error: MSG.invalidInput })
    .trim()
    .max(max, { error: tooLongMessage(label, max) })
    .refine((v) => !hasInvalidCharacters(v), { error: INVALID_CHARACTERS });

/**
 * A required text field with the spec's '{Field} is verplicht!' message. With `max`, longer input
 * gets '{Field} mag maximaal N tekens lang zijn.' (the field name taken from the message, or `label`).
 * NUL and lone surrogates are always refused.
 */
export const requiredText = (message: string, max?: number, label = labelOf(message)) => {
  const base = z.string({ error: message }).trim().min(1, { error: message });
  return (max === undefined ? base : base.max(max, { error: tooLongMessage(label, max) })).refine((v) => !hasInvalidCharacters(v), {
    error: INVALID_CHARACTERS,
  });
};

export const emailField = (requiredMessage = 'Email is verplicht!') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(TEXT_MAX.email, { error: tooLongMessage('Email', TEXT_MAX.email) })
    .pipe(z.email({ error: 'Geen geldig email adres.' }))
    .transform((v) => v.toLowerCase());

export const ROBOT_MESSAGE = 'Verifieer dat u geen robot bent!';
export const captchaField = z.string({ error: ROBOT_MESSAGE }).min(1, { error: ROBOT_MESSAGE }).max(TEXT_MAX.token, { error: ROBOT_MESSAGE });

/**
 * A real calendar day as 'YYYY-MM-DD': '2001-02-31' and year 0000 (which does not exist, and which
 * PostgreSQL refuses) are not; years 0001-0099 are not read as 19xx.
 */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** YYYY-MM-DD, as every date travels over the API; a day that does not exist is refused. */
export const apiDate = (message: string) => {
  const label = labelOf(message);
  return requiredText(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(isIsoDate, { error: `${label === 'Deze tekst' ? 'Dit' : label} is geen geldige datum.` });
};

/** A record id in a body: a whole number 1..2147483647 (a larger one would overflow the database's integer). */
export const idField = (message: string = INVALID_ID) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_DB_ID, { error: message });

/** A record id in a path or query string ('/api/user/12'): coerced, then checked like `idField`. */
export const idParam = (message: string = INVALID_ID) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_DB_ID, { error: message });

/** Plain JSON objects only: a stream, Buffer or class instance (a multipart body) is not walked. */
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Walks a JSON value without recursion (a hostile body may nest 100,000 levels deep). */
export function someString(value: unknown, test: (s: string) => boolean): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (isPlainObject(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (test(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * True when a JSON value nests at most `maxDepth` levels and its text would take about `maxChars`
 * at most; counted without recursion, so neither this nor a later JSON.stringify can overflow the stack.
 */
export function jsonWithin(value: unknown, maxChars: number, maxDepth = 20): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let chars = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (depth > maxDepth) return false;
    if (typeof v === 'string') chars += v.length + 2;
    else if (Array.isArray(v)) {
      chars += 2 + v.length;
      for (const item of v) stack.push([item, depth + 1]);
    } else if (isPlainObject(v)) {
      for (const [key, item] of Object.entries(v)) {
        chars += key.length + 4;
        stack.push([item, depth + 1]);
      }
      chars += 2;
    } else chars += 8;
    if (chars > maxChars) return false;
  }
  return true;
}

/**
 * A free-form `flex` object stored as jsonb: about `maxChars` of JSON at most, not nested deeper than
 * 20 levels, no NUL or lone surrogate in any key or value (PostgreSQL's jsonb refuses both).
 */
export const flexObject = (maxChars = 10_000) =>
  z
    .record(z.string(), z.unknown(), { error: MSG.invalidInput })
    .refine((v) => jsonWithin(v, maxChars), { error: MSG.invalidInput })
    .refine((v) => !someString(v, hasInvalidCharacters), { error: INVALID_CHARACTERS });
