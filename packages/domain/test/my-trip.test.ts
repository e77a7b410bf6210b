import { describe, expect, it } from 'vitest';
import {
  HOTELS,
  HOTEL_ADDRESSES,
  MY_TRIP_MSG,
  TRIP_DETAILS_MAX,
  hotelWithAddress,
  looksLikePdf,
  tripDetailsSchema,
  visaPdfUploadSchema,
} from '../src/index.ts';

// 'Mijn reis' (docs/RULES.md, 'Mijn reis'): the practical details' schema (shared by the trip page's
// form and the API), the visa PDF check and the hotels' addresses for the taxi driver.

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('tripDetailsSchema', () => {
  it('takes every field empty (staff fill them in step by step) and trims', () => {
    expect(tripDetailsSchema.parse({})).toEqual({ flight: '', meeting_point: '', leader_name: '', leader_phone: '', programme: '' });
    expect(tripDetailsSchema.parse({ leader_name: '  Karim  ', leader_phone: ' +31 (0)6-1234 5678 ' })).toMatchObject({
      leader_name: 'Karim',
      leader_phone: '+31 (0)6-1234 5678',
    });
  });

  it('refuses each field one character over its maximum, in Dutch, naming the field', () => {
    const over = Object.fromEntries(
      Object.entries(TRIP_DETAILS_MAX).map(([k, max]) => [k, k === 'leader_phone' ? '1'.repeat(max + 1) : 'x'.repeat(max + 1)]),
    );
    const errors = messages(tripDetailsSchema.safeParse(over));
    expect(errors).toEqual({
      flight: 'Vluchtgegevens mag maximaal 1000 tekens lang zijn.',
      meeting_point: 'Verzamelpunt mag maximaal 1000 tekens lang zijn.',
      leader_name: 'Naam reisleider mag maximaal 100 tekens lang zijn.',
      leader_phone: 'Telefoon reisleider mag maximaal 50 tekens lang zijn.',
      programme: 'Programma mag maximaal 5000 tekens lang zijn.',
    });
    const atMax = Object.fromEntries(
      Object.entries(TRIP_DETAILS_MAX).map(([k, max]) => [k, k === 'leader_phone' ? '1'.repeat(max) : 'x'.repeat(max)]),
    );
    expect(tripDetailsSchema.safeParse(atMax).success).toBe(true);
  });

  it('wants a phone number a phone can call', () => {
    for (const bad of ['bel me', '12345', '+31 6 1234 567x', '06\u000012345678'])
      expect(tripDetailsSchema.safeParse({ leader_phone: bad }).success, bad).toBe(false);
    expect(messages(tripDetailsSchema.safeParse({ leader_phone: 'bel me' })).leader_phone).toBe(MY_TRIP_MSG.phone);
    for (const good of ['+31 6 12345678', '0612345678', '+966 (12) 555-0101'])
      expect(tripDetailsSchema.safeParse({ leader_phone: good }).success, good).toBe(true);
  });
});

describe('the visa PDF', () => {
  it('is recognised by its content, not its name', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7\n...'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(looksLikePdf(new TextEncoder().encode('GIF89a'))).toBe(false);
    expect(looksLikePdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe(false);
  });

  it('arrives as base64 or a PDF data URL; anything else is refused', () => {
    const b64 = Buffer.from('%PDF-1.4 x').toString('base64');
    expect(visaPdfUploadSchema.parse({ pdf: `data:application/pdf;base64,${b64}` }).pdf).toBe(b64);
    expect(visaPdfUploadSchema.parse({ pdf: b64 }).pdf).toBe(b64);
    expect(messages(visaPdfUploadSchema.safeParse({ pdf: '' })).pdf).toBe(MY_TRIP_MSG.visaPdfRequired);
    expect(messages(visaPdfUploadSchema.safeParse({ pdf: 'data:image/png;base64,AAAA' })).pdf).toBe(MY_TRIP_MSG.visaPdfNotPdf);
  });
});

describe('the hotels for the taxi driver', () => {
  it('every hotel of the fixed list has a Dutch address and its name and address in Arabic script', () => {
    expect(Object.keys(HOTEL_ADDRESSES).map(Number)).toEqual(HOTELS.map((h) => h.index));
    for (const h of HOTELS) {
      const a = hotelWithAddress(h.index)!;
      expect(a.name).toBe(h.name);
      expect(a.address).toContain(h.location);
      expect(a.name_ar).toMatch(/^[\u0600-\u06FF\s،]+$/);
      expect(a.address_ar).toMatch(/^[\u0600-\u06FF\s،]+$/);
    }
    expect(hotelWithAddress(HOTELS.length)).toBeUndefined();
  });
});
