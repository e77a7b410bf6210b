import { describe, expect, it } from 'vitest';
import {
  OrderStatus,
  INVOICE_MSG,
  availableOrderDocuments,
  creditDocumentFor,
  documentTotals,
  invoiceHeading,
  invoiceSchema,
  invoiceStatusFor,
  negateLines,
  orderDocumentProblem,
  proportionalTotals,
  quoteFormSchema,
  quoteFormToInput,
  vatBreakdown,
  type DocumentLine,
} from '../src/index.ts';

const line = (unitPrice: number, vatRate = 21, quantity = 1, label = 'x'): DocumentLine => ({ label, unitPrice, vatRate, quantity });

describe('VAT breakdown', () => {
  it('takes excl = incl / 121 × 100 on the sum of the 21 % lines (worked example of an order)', () => {
    // Adult 1.895, child 1.495, child without bed −250, non-European passport 300, voucher −50.
    const lines = [line(189_500), line(149_500), line(-25_000), line(30_000), line(-5_000)];
    const t = documentTotals(lines);
    expect(t.incl).toBe(339_000);
    expect(t.excl).toBe(280_165); // 339000 / 121 × 100 = 280165.29
    expect(t.vat).toBe(58_835);
    expect(t.breakdown).toEqual([{ rate: 21, incl: 339_000, excl: 280_165, vat: 58_835 }]);
  });

  it('keeps one row per rate, highest first, and excl + vat = incl for each', () => {
    const rows = vatBreakdown([line(1_000, 0, 2), line(10_900, 9), line(12_100, 21, 3), line(999, 9)]);
    expect(rows.map((r) => r.rate)).toEqual([21, 9, 0]);
    expect(rows[0]).toEqual({ rate: 21, incl: 36_300, excl: 30_000, vat: 6_300 });
    expect(rows[1]).toEqual({ rate: 9, incl: 11_899, excl: 10_917, vat: 982 });
    expect(rows[2]).toEqual({ rate: 0, incl: 2_000, excl: 2_000, vat: 0 });
    for (const r of rows) expect(r.excl + r.vat).toBe(r.incl);
    const t = documentTotals([line(1_000, 0, 2), line(10_900, 9), line(12_100, 21, 3), line(999, 9)]);
    expect(t.incl).toBe(50_199);
    expect(t.excl + t.vat).toBe(t.incl);
  });

  it('rounds once per rate, not per line', () => {
    // Per line 1 cent incl gives 1 excl (0.83 rounds to 1); summed 3 cents gives 2 excl (2.48).
    expect(documentTotals([line(1), line(1), line(1)]).excl).toBe(2);
  });

  it('a credit invoice has the same breakdown with the opposite sign', () => {
    const lines = [line(189_500), line(-5_000), line(2_500, 0)];
    const credit = documentTotals(negateLines(lines));
    const original = documentTotals(lines);
    expect(credit.incl).toBe(-original.incl);
    expect(credit.excl).toBe(-original.excl);
    expect(credit.vat).toBe(-original.vat);
  });

  it('splits a down payment over the rates in proportion, adding up to the amount exactly', () => {
    const of = documentTotals([line(339_000)]);
    const half = proportionalTotals(169_500, of);
    expect(half.incl).toBe(169_500);
    expect(half.excl).toBe(140_083); // 169500 / 121 × 100 = 140082.64
    expect(half.vat).toBe(29_417);

    const mixed = documentTotals([line(12_100), line(10_000, 0)]);
    const part = proportionalTotals(11_051, mixed);
    expect(part.breakdown.map((r) => [r.rate, r.incl])).toEqual([
      [21, 6_051], // 11051 × 12100 / 22100 = 6050.8
      [0, 5_000],
    ]);
    expect(part.incl).toBe(11_051);
  });
});

describe('which order documents exist', () => {
  const pending = OrderStatus.PENDING;
  it('invoice at a paid share of 100 % or more, down-payment proof between 0 and 100 %', () => {
    expect(availableOrderDocuments({ status: pending, total: 100_000, paid: 0 })).toEqual([]);
    expect(availableOrderDocuments({ status: OrderStatus.DOWN_PAYMENT, total: 100_000, paid: 50_000 })).toEqual(['down_payment']);
    expect(availableOrderDocuments({ status: OrderStatus.DOWN_PAYMENT, total: 100_000, paid: 99_999 })).toEqual(['down_payment']);
    expect(availableOrderDocuments({ status: OrderStatus.COMPLETED, total: 100_000, paid: 100_000 })).toEqual(['invoice']);
    expect(availableOrderDocuments({ status: OrderStatus.COMPLETED, total: 100_000, paid: 100_001 })).toEqual(['invoice']);
  });

  it('an order of € 0 completed without a payment has its invoice (docs/MONEY.md); an unpaid lead of € 0 has none', () => {
    expect(availableOrderDocuments({ status: OrderStatus.COMPLETED, total: 0, paid: 0 })).toEqual(['invoice']);
    expect(orderDocumentProblem('invoice', { status: OrderStatus.COMPLETED, total: 0, paid: 0 })).toBeNull();
    expect(availableOrderDocuments({ status: OrderStatus.LEAD, total: 0, paid: 0 })).toEqual([]);
  });

  it('credit invoice for a cancelled order its payments cover, else the down-payment credit note', () => {
    const c = OrderStatus.CANCELLED;
    expect(availableOrderDocuments({ status: c, total: 100_000, paid: 100_000 })).toEqual(['invoice', 'invoice_credit']);
    expect(availableOrderDocuments({ status: c, total: 100_000, paid: 50_000 })).toEqual(['down_payment', 'down_payment_credit']);
    expect(availableOrderDocuments({ status: c, total: 100_000, paid: 0 })).toEqual([]);
    expect(creditDocumentFor({ total: 100_000, paid: 100_000 })).toBe('invoice_credit');
    expect(creditDocumentFor({ total: 100_000, paid: 1 })).toBe('down_payment_credit');
    expect(creditDocumentFor({ total: 100_000, paid: 0 })).toBeNull();
  });

  it('says in Dutch why a document is not there', () => {
    expect(orderDocumentProblem('invoice', { status: 8, total: 100, paid: 50 })).toBe(
      'De factuur is beschikbaar zodra de bestelling volledig is betaald.',
    );
    expect(orderDocumentProblem('invoice_credit', { status: 2, total: 100, paid: 100 })).toBe(
      'Een creditnota is er alleen voor een geannuleerde bestelling.',
    );
    expect(orderDocumentProblem('down_payment', { status: 8, total: 100, paid: 50 })).toBeNull();
  });
});

describe('quotes', () => {
  const valid = {
    type: 0,
    expire_date: '2030-01-31',
    user_id: 3,
    items: [{ label: 'Umrah op maat', amount_in_cents: 250_000, amount: 2, btw_type: 21 }],
  };
  const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('accepts a quote and fills the defaults', () => {
    const r = invoiceSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.items[0]).toMatchObject({ type: 0, flex: {} });
  });

  it('needs at least one item: Minimaal 1 item!', () => {
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, items: [] }))).toBe('Minimaal 1 item!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, items: undefined }))).toBe('Minimaal 1 item!');
  });

  it('needs name, amount, quantity and a VAT type of 21, 9 or 0 per item', () => {
    const item = valid.items[0]!;
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, items: [{ ...item, label: ' ' }] }))).toBe('Naam is verplicht!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, items: [{ ...item, amount_in_cents: undefined }] }))).toBe('Bedrag is verplicht!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, items: [{ ...item, amount: undefined }] }))).toBe('Aantal is verplicht!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, items: [{ ...item, btw_type: 6 }] }))).toBe('Btw type is verplicht!');
    for (const btw of [21, 9, 0]) expect(invoiceSchema.safeParse({ ...valid, items: [{ ...item, btw_type: btw }] }).success).toBe(true);
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, expire_date: '' }))).toBe('Vervaldatum is verplicht!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, expire_date: '2030-02-31' }))).toBe('Vervaldatum is verplicht!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, expire_date: '31-12-2030' }))).toBe('Vervaldatum is verplicht!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, type: 2 }))).toBe('Type is verplicht!');
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, user_id: undefined }))).toBe('Gebruiker is verplicht!');
  });

  it('stays under 50,000 euro in total', () => {
    const item = valid.items[0]!;
    // 2 × 24,999.99 = 49,999.98: allowed; 2 × 25,000 = 50,000: refused.
    expect(invoiceSchema.safeParse({ ...valid, items: [{ ...item, amount_in_cents: 2_499_999 }] }).success).toBe(true);
    expect(firstMessage(invoiceSchema.safeParse({ ...valid, items: [{ ...item, amount_in_cents: 2_500_000 }] }))).toBe(INVOICE_MSG.max);
    expect(INVOICE_MSG.max).toBe('Offerte kan maximaal 50k zijn, de betaalprovider accepteert max 50k per offerte.');
  });

  it('the modal form works in euros and gives the API body in cents', () => {
    const form = quoteFormSchema.parse({
      type: 1,
      expire_date: '2030-01-31',
      user_id: 3,
      items: [{ label: 'Hotel', price: 1250.5, amount: 2, btw_type: 9 }],
    });
    expect(quoteFormToInput(form).items).toEqual([{ label: 'Hotel', amount_in_cents: 125_050, amount: 2, btw_type: 9 }]);
    const tooMuch = quoteFormSchema.safeParse({ ...form, items: [{ label: 'Hotel', price: 25_000, amount: 2, btw_type: 21 }] });
    expect(firstMessage(tooMuch)).toBe(INVOICE_MSG.max);
  });

  it('headings and status', () => {
    expect(invoiceHeading(0, 12)).toBe('Offerte nr #FCU212');
    expect(invoiceHeading(1, 12)).toBe('Factuur nr #FCU212');
    expect(invoiceStatusFor(0, 100)).toBe(0);
    expect(invoiceStatusFor(100, 100)).toBe(1);
    expect(invoiceStatusFor(40, 100)).toBe(2);
  });
});
