import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, isCountryCode } from '../src/countries.ts';
import {
  VISA_MSG,
  guestNameSchema,
  isCalendarDate,
  passportNeededUntil,
  passportValidEnough,
  resetDocumentsSchema,
  visaSchema,
  visaSchemaForTrip,
} from '../src/validation/visa.ts';
import * as domain from '../src/index.ts';

const PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4n';

const valid = (over: Record<string, unknown> = {}) => ({
  order_id: 12,
  guest_id: 34,
  first_name: 'Fatima',
  last_name: 'El Amrani',
  gender: 1,
  date_of_birth: '1985-04-12',
  nationality: 'NL',
  city_of_country: 'MA',
  city_of_birth: 'Nador',
  passport_number: 'NW12AB345',
  passport_creation_date: '2020-01-15',
  passport_expires: '2030-01-14',
  visa_photo: PHOTO,
  ...over,
});

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);
const messageAt = (r: ReturnType<typeof visaSchema.safeParse>, field: string) =>
  r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;

describe('COUNTRIES', () => {
  it('holds the ISO list with short Dutch names, sorted by Dutch name', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(COUNTRIES.find((c) => c.code === 'NL')?.name).toBe('Nederland');
    expect(COUNTRIES.find((c) => c.code === 'SA')?.name).toBe('Saudi-Arabië');
    expect(COUNTRIES.find((c) => c.code === 'MA')?.name).toBe('Marokko');
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nl')));
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
  });

  it('names a code in Dutch and tells codes from non-codes', () => {
    expect(countryName('BE')).toBe('België');
    expect(countryName('tr')).toBe('Turkije');
    expect(countryName('Nederlandse')).toBe('Nederlandse');
    expect(countryName(null)).toBe('');
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
  });

  it('is exported from the package root', () => {
    expect(domain.COUNTRIES).toBe(COUNTRIES);
    expect(domain.visaSchema).toBe(visaSchema);
  });
});

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2001-02-31')).toBe(false);
    expect(isCalendarDate('2001-13-01')).toBe(false);
    expect(isCalendarDate('01-02-2001')).toBe(false);
    expect(isCalendarDate('2001-2-1')).toBe(false);
  });
});

describe('passportValidEnough', () => {
  it('counts the 6 months from the trip start, on both sides of the boundary', () => {
    // A trip of 10-24 March 2027 needs a passport valid until at least 10-09-2027.
    expect(passportNeededUntil('2027-03-10')).toBe('2027-09-10');
    expect(passportValidEnough('2027-09-09', '2027-03-10')).toBe(false);
    expect(passportValidEnough('2027-09-10', '2027-03-10')).toBe(true);
    // The issue's pilgrim: valid until 15-09-2027 is enough (counted from the end it was refused).
    expect(passportValidEnough('2027-09-15', '2027-03-10')).toBe(true);
    const form = (expires: string) => messages(visaSchemaForTrip('2027-03-10').safeParse(valid({ passport_expires: expires })));
    expect(form('2027-09-09')).toEqual([VISA_MSG.passportExpiresTooSoon]);
    expect(form('2027-09-10')).toEqual([]);
    expect(VISA_MSG.passportExpiresTooSoon).toBe(
      'Vervaldatum zal niet meer geldig zijn bij het aanvragen van een visum, bestel alstublieft een nieuwe met SPOED.',
    );
  });

  it('needs the passport valid at least 6 months after the trip starts', () => {
    expect(passportValidEnough('2027-09-24', '2027-03-24')).toBe(true);
    expect(passportValidEnough('2028-01-01', '2027-03-24')).toBe(true);
    expect(passportValidEnough('2027-09-23', '2027-03-24')).toBe(false);
    expect(passportValidEnough('2027-03-25', '2027-03-24')).toBe(false);
  });

  it('clamps month ends and passes when no trip start is known', () => {
    // 31 August + 6 months is the last day of February.
    expect(passportValidEnough('2028-02-29', '2027-08-31')).toBe(true);
    expect(passportValidEnough('2028-02-28', '2027-08-31')).toBe(false);
    expect(passportValidEnough('2020-01-01', null)).toBe(true);
  });
});

describe('visaSchema', () => {
  it('accepts a complete form and normalises codes and the passport number', () => {
    const r = visaSchema.safeParse(valid({ nationality: 'nl', passport_number: ' nw12 ab345 ' }));
    expect(messages(r)).toEqual([]);
    expect(r.data?.nationality).toBe('NL');
    expect(r.data?.passport_number).toBe('NW12AB345');
  });

  it('accepts a bare base64 photo as well as a data URL', () => {
    expect(visaSchema.safeParse(valid({ visa_photo: PHOTO.split(',')[1] })).success).toBe(true);
  });

  it('names every missing field with its Dutch message', () => {
    const r = visaSchema.safeParse({});
    const m = messages(r);
    for (const msg of [
      VISA_MSG.order,
      VISA_MSG.guest,
      VISA_MSG.firstName,
      VISA_MSG.lastName,
      VISA_MSG.gender,
      VISA_MSG.dateOfBirth,
      VISA_MSG.nationality,
      VISA_MSG.cityOfCountry,
      VISA_MSG.cityOfBirth,
      VISA_MSG.passportNumber,
      VISA_MSG.passportCreationDate,
      VISA_MSG.passportExpires,
      'Pasfoto is verplicht !',
    ]) {
      expect(m).toContain(msg);
    }
    expect(messageAt(visaSchema.safeParse(valid({ visa_photo: '' })), 'visa_photo')).toBe('Pasfoto is verplicht !');
    expect(messageAt(visaSchema.safeParse(valid({ first_name: '   ' })), 'first_name')).toBe('Voornaam is verplicht!');
  });

  it('refuses impossible dates, unknown countries, long texts and odd passport numbers', () => {
    expect(messageAt(visaSchema.safeParse(valid({ date_of_birth: '2001-02-31' })), 'date_of_birth')).toBe(VISA_MSG.invalidDate);
    expect(messageAt(visaSchema.safeParse(valid({ passport_expires: '14-01-2030' })), 'passport_expires')).toBe(VISA_MSG.invalidDate);
    expect(messageAt(visaSchema.safeParse(valid({ nationality: 'XX' })), 'nationality')).toBe(VISA_MSG.unknownCountry);
    expect(messageAt(visaSchema.safeParse(valid({ city_of_country: 'Marokko' })), 'city_of_country')).toBe(VISA_MSG.unknownCountry);
    expect(messageAt(visaSchema.safeParse(valid({ last_name: 'x'.repeat(101) })), 'last_name')).toBe(VISA_MSG.tooLong(100));
    expect(messageAt(visaSchema.safeParse(valid({ city_of_birth: 'x'.repeat(101) })), 'city_of_birth')).toBe(VISA_MSG.tooLong(100));
    expect(messageAt(visaSchema.safeParse(valid({ passport_number: 'AB-123' })), 'passport_number')).toBe(VISA_MSG.passportChars);
    expect(messageAt(visaSchema.safeParse(valid({ passport_number: 'A'.repeat(21) })), 'passport_number')).toBe(VISA_MSG.tooLong(20));
    expect(messageAt(visaSchema.safeParse(valid({ gender: 2 })), 'gender')).toBe(VISA_MSG.gender);
    expect(messageAt(visaSchema.safeParse(valid({ visa_photo: 'not base64 at all!' })), 'visa_photo')).toBe(VISA_MSG.photoFormat);
  });

  it('refuses a birth or issue date in the future and an issue date after expiry', () => {
    expect(messageAt(visaSchema.safeParse(valid({ date_of_birth: '2999-01-01' })), 'date_of_birth')).toBe(VISA_MSG.birthInFuture);
    expect(
      messageAt(visaSchema.safeParse(valid({ passport_creation_date: '2999-01-01', passport_expires: '2999-06-01' })), 'passport_creation_date'),
    ).toBe(VISA_MSG.issuedInFuture);
    expect(
      messageAt(visaSchema.safeParse(valid({ passport_creation_date: '2020-01-15', passport_expires: '2019-01-15' })), 'passport_creation_date'),
    ).toBe(VISA_MSG.issuedAfterExpiry);
  });
});

describe('visaSchemaForTrip', () => {
  it('adds the 6-month rule with the spec message, also while other fields are still empty', () => {
    const schema = visaSchemaForTrip('2029-10-01');
    expect(schema.safeParse(valid({ passport_expires: '2030-04-01' })).success).toBe(true);
    const r = schema.safeParse(valid({ passport_expires: '2030-03-31' }));
    expect(messageAt(r, 'passport_expires')).toBe(
      'Vervaldatum zal niet meer geldig zijn bij het aanvragen van een visum, bestel alstublieft een nieuwe met SPOED.',
    );
    const partial = schema.safeParse(valid({ first_name: '', passport_expires: '2030-03-31' }));
    expect(messages(partial)).toEqual(expect.arrayContaining([VISA_MSG.firstName, VISA_MSG.passportExpiresTooSoon]));
  });
});

describe('guestNameSchema and resetDocumentsSchema', () => {
  it('checks a name change', () => {
    expect(guestNameSchema.safeParse({ order_id: 1, id: 2, first_name: 'Ali', last_name: 'Bakr', gender: 0 }).success).toBe(true);
    const r = guestNameSchema.safeParse({ order_id: 1, id: 2, first_name: '', last_name: 'x'.repeat(101), gender: 2 });
    expect(messages(r)).toEqual(expect.arrayContaining([VISA_MSG.firstName, VISA_MSG.tooLong(100), VISA_MSG.gender]));
  });

  it('needs at least one guest and a reason', () => {
    expect(resetDocumentsSchema.safeParse({ order_id: 1, guests: [3], reason: 'Foto onscherp' }).success).toBe(true);
    const r = resetDocumentsSchema.safeParse({ order_id: 1, guests: [], reason: ' ' });
    expect(messages(r)).toEqual(expect.arrayContaining([VISA_MSG.guests, 'Reden is verplicht!']));
    expect(messages(resetDocumentsSchema.safeParse({ order_id: 1, guests: [3], reason: 'x'.repeat(2001) }))).toEqual([VISA_MSG.tooLong(2000)]);
  });
});
