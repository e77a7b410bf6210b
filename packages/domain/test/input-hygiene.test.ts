import { describe, expect, it } from 'vitest';
import {
  INVALID_CHARACTERS,
  MAX_DB_ID,
  accountSchema,
  contactSchema,
  flexObject,
  hasInvalidCharacters,
  idField,
  idParam,
  invoiceSchema,
  isIsoDate,
  orderSchema,
  registerSchema,
  requiredText,
  text,
} from '../src/index.ts';

const account = (over: Record<string, unknown> = {}) => ({
  email: 'maryam@example.nl',
  first_name: 'Maryam',
  last_name: 'Haddou',
  date_of_birth: '1990-05-01',
  nationality: 'Nederlandse',
  phone_number: '0611111111',
  address: 'Kalverstraat 5',
  zip: '1012 NX',
  city: 'Amsterdam',
  country: 'Nederland',
  ...over,
});
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('hasInvalidCharacters', () => {
  it.each([
    ['NUL', 'a\u0000b', true],
    ['lone high surrogate', 'x\ud800', true],
    ['lone low surrogate', '\udc00y', true],
    ['reversed pair', '\ude00\ud83d', true],
    ['emoji (a valid pair)', 'reis 😀', false],
    ['Arabic and accents', 'عمرة café', false],
    ['tab and newline', 'a\tb\nc', false],
  ])('%s', (_name, value, expected) => {
    expect(hasInvalidCharacters(value)).toBe(expected);
  });
});

describe('isIsoDate', () => {
  it.each(['2001-02-28', '2000-02-29', '0001-01-01', '0099-12-31', '9999-12-31'])('accepts %s', (d) => expect(isIsoDate(d)).toBe(true));
  it.each(['2001-02-31', '2001-02-29', '0000-01-01', '2001-13-01', '2001-00-10', '2001-1-1', '20010101', ' 2001-01-01'])('refuses %s', (d) =>
    expect(isIsoDate(d)).toBe(false),
  );
});

describe('text building blocks', () => {
  it('text(max) trims, limits and refuses NUL/lone surrogates with Dutch messages', () => {
    expect(text(5, 'Naam').parse('  abc  ')).toBe('abc');
    expect(firstMessage(text(5, 'Naam').safeParse('abcdef'))).toBe('Naam mag maximaal 5 tekens lang zijn.');
    expect(firstMessage(text(5).safeParse('a\u0000'))).toBe(INVALID_CHARACTERS);
    expect(firstMessage(text(5).safeParse('\ud800'))).toBe(INVALID_CHARACTERS);
  });

  it('requiredText takes the field name for its length message from the required message', () => {
    const f = requiredText('Voornaam is verplicht!', 3);
    expect(firstMessage(f.safeParse(''))).toBe('Voornaam is verplicht!');
    expect(firstMessage(f.safeParse('abcd'))).toBe('Voornaam mag maximaal 3 tekens lang zijn.');
    expect(firstMessage(f.safeParse('a\u0000'))).toBe(INVALID_CHARACTERS);
    // Without a maximum it still refuses NUL.
    expect(requiredText('X is verplicht!').safeParse('a\u0000b').success).toBe(false);
  });

  it('ids are 1..2147483647, in bodies and (coerced) in paths', () => {
    expect(idField().safeParse(MAX_DB_ID).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_DB_ID + 1, 99999999999, 1e20, '5']) expect(idField().safeParse(bad).success).toBe(false);
    expect(idParam().parse('42')).toBe(42);
    for (const bad of ['2147483648', '99999999999', '1e20', 'abc', '-1']) expect(idParam().safeParse(bad).success).toBe(false);
  });

  it('flexObject refuses NUL and lone surrogates in keys and values, deep nesting and huge objects', () => {
    const flex = flexObject(1000);
    expect(flex.safeParse({ note: 'ok', list: [1, { a: 'b' }] }).success).toBe(true);
    expect(flex.safeParse({ note: '\ud800' }).success).toBe(false);
    expect(flex.safeParse({ list: [{ deep: 'a\u0000' }] }).success).toBe(false);
    expect(flex.safeParse({ ['k\u0000']: 1 }).success).toBe(false);
    expect(flex.safeParse({ big: 'x'.repeat(2000) }).success).toBe(false);
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(flex.safeParse({ deep }).success).toBe(false);
  });
});

describe('the form schemas use them', () => {
  it('a 5 MB first name is refused with the field length message', () => {
    const r = accountSchema.safeParse(account({ first_name: 'x'.repeat(5 * 1024 * 1024) }));
    expect(firstMessage(r)).toBe('Voornaam mag maximaal 100 tekens lang zijn.');
  });

  it.each([
    ['last_name', 101, 'Achternaam mag maximaal 100 tekens lang zijn.'],
    ['address', 201, 'Adres mag maximaal 200 tekens lang zijn.'],
    ['city', 101, 'Woonplaats mag maximaal 100 tekens lang zijn.'],
    ['zip', 51, 'Postcode mag maximaal 50 tekens lang zijn.'],
  ])('%s longer than its maximum', (field, n, message) => {
    expect(firstMessage(accountSchema.safeParse(account({ [field]: 'x'.repeat(n) })))).toBe(message);
    expect(accountSchema.safeParse(account({ [field]: 'x'.repeat(n - 1) })).success).toBe(true);
  });

  it('an email longer than 254 characters is refused', () => {
    expect(firstMessage(accountSchema.safeParse(account({ email: `${'a'.repeat(250)}@example.nl` })))).toBe(
      'Email mag maximaal 254 tekens lang zijn.',
    );
  });

  it.each(['2001-02-31', '0000-01-01'])('date of birth %s is no date', (d) => {
    expect(firstMessage(accountSchema.safeParse(account({ date_of_birth: d })))).toBe('Geboortedatum is geen geldige datum.');
  });

  it('NUL in any account field, the contact form or a guest name is refused', () => {
    expect(accountSchema.safeParse(account({ city: 'Ams\u0000terdam' })).success).toBe(false);
    expect(registerSchema.safeParse({ ...account(), password: 'Geheim-123', altcha: 'x', nationality: '\u0000' }).success).toBe(false);
    expect(contactSchema.safeParse({ name: 'A\u0000', email: 'a@b.nl', message: 'hoi', altcha: 'x' }).success).toBe(false);
    const guest = { first_name: 'A\u0000', last_name: 'B', age_category: 0 };
    expect(orderSchema.safeParse({ rooms: [{ product_id: 2, room_type: 2, room_gender: 0, guests: [guest] }] }).success).toBe(false);
  });

  it('ids above 2^31-1 in an order or invoice body are refused', () => {
    expect(orderSchema.safeParse({ products: [2147483648] }).success).toBe(false);
    expect(orderSchema.safeParse({ crowdfunds: [{ funding_id: 99999999999, funding_amount: 100 }] }).success).toBe(false);
    const item = { label: 'x', amount_in_cents: 100, amount: 1, btw_type: 21 };
    expect(invoiceSchema.safeParse({ type: 0, expire_date: '2030-01-01', user_id: 2147483648, items: [item] }).success).toBe(false);
    expect(invoiceSchema.safeParse({ type: 0, expire_date: '2030-01-01', user_id: 2147483647, items: [item] }).success).toBe(true);
  });
});
