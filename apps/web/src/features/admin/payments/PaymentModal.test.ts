import { describe, expect, it } from 'vitest';
import { amountInCents } from './PaymentModal';

describe('amountInCents', () => {
  it('reads the number and the string forms of the amount field', () => {
    expect(amountInCents(25.5)).toBe(2550);
    expect(amountInCents('25.50')).toBe(2550);
    expect(amountInCents('1250')).toBe(125000);
  });
  it('leaves an empty or unreadable amount empty, so the form says it is required', () => {
    expect(amountInCents('')).toBeUndefined();
    expect(amountInCents('abc')).toBeUndefined();
  });
});
