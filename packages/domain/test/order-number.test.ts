import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrderNumber, parseOrderNumber } from '../src/order-number.ts';

describe('order number', () => {
  it("is 'FCU2' followed by the id", () => {
    expect(formatOrderNumber(123)).toBe('FCU2123');
    expect(formatOrderNumber(1)).toBe('FCU21');
  });

  it('reads what the search boxes accept', () => {
    expect(parseOrderNumber('FCU2123')).toBe(123);
    expect(parseOrderNumber('fcu2123')).toBe(123);
    expect(parseOrderNumber(' FCU2 123 ')).toBe(123);
    expect(parseOrderNumber('123')).toBe(123);
    expect(parseOrderNumber('FCU12')).toBe(12);
    expect(parseOrderNumber('FCU212')).toBe(12);
    // The 2 of the prefix is optional, so 'FCU2' alone reads as 'FCU' + 2 (as the invoice search did).
    expect(parseOrderNumber('FCU2')).toBe(2);
  });

  it('refuses anything else', () => {
    for (const s of ['', 'FCU', 'FCU 2x', 'abc', 'FCU2-12', '12a', '1234567890', 'FCU21234567890', 'XFCU212', '1.5']) {
      expect(parseOrderNumber(s), s).toBeNull();
    }
  });

  it('reads back every number it formats (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.boolean(), (id, lower) => {
        const text = formatOrderNumber(id);
        expect(parseOrderNumber(lower ? text.toLowerCase() : text)).toBe(id);
        expect(parseOrderNumber(String(id))).toBe(id);
      }),
    );
  });

  it('answers an id in range or null for any text (fast-check)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = parseOrderNumber(s);
        if (n !== null) expect(Number.isInteger(n) && n >= 0 && n <= 999_999_999).toBe(true);
      }),
    );
  });
});
