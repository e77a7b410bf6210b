import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@umrah/domain/enums';
import { orderSchema } from '@umrah/domain/validation/order';
import { parseOrderNumber } from '@umrah/domain/order-number';
import { payActions, statusLabel } from '../orders/MyOrders';
import { cartKind, cartToOrder } from '../cart';
import { RETURN_TEXT, providerCode, returnVariant } from './ReturnDialog';
import { needsPayment } from './api';

const room = {
  type: 'umrah',
  product_id: 12,
  room_type: 2,
  // A men's room: one filled bed is enough, so the child may go without a bed.
  room_gender: 0,
  exclusive: false,
  extras: ['Ziyarat Taif'],
  max_guests: 2,
  discounts: ['RAMADAN50'],
  guests: [
    { first_name: 'Ahmed', last_name: 'Yilmaz', age_category: 0, gender: 0, european_passport: true, bed_included: true },
    { first_name: 'Yusra', last_name: 'Yilmaz', age_category: 1, gender: 1, european_passport: false, bed_included: false },
  ],
};

describe('cart → order payload', () => {
  it('turns the documented cart entry kinds into a payload the server schema accepts', () => {
    const entries = [
      room,
      { type: 'arabia', id: 40, available_days: ['Maandag'], available_times: ['09:00-12:00'], exclusive: false },
      { type: 'fund', id: 3, value: 2500, discounts: ['rAmAdAn50', 'EXTRA'] },
      { type: 'product', id: 77 },
      { nonsense: true },
    ];
    const payload = cartToOrder(entries, true);
    expect(payload.rooms).toHaveLength(1);
    expect(payload.rooms![0]).toMatchObject({ product_id: 12, room_type: 2, room_gender: 0, extras: ['Ziyarat Taif'] });
    expect(payload.rooms![0]!.guests[1]).toMatchObject({ first_name: 'Yusra', european_passport: false, bed_included: false, age_category: 1 });
    expect(payload.products).toEqual([40, 77]);
    expect(payload.crowdfunds).toEqual([{ funding_id: 3, funding_amount: 2500 }]);
    const parsed = orderSchema.safeParse(payload);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data!.flex).toMatchObject({
      pay_partly: true,
      arabia_availibilities: [{ id: 40, days: ['Maandag'], times: ['09:00-12:00'] }],
    });
    expect(parsed.data!.flex.discounts).toEqual(['RAMADAN50', 'EXTRA']);
  });

  it('recognises entries by shape when they carry no type, and never sends prices', () => {
    expect(cartKind({ room_type: 3, guests: [] })).toBe('umrah');
    expect(cartKind({ id: 1, available_days: [] })).toBe('arabia');
    expect(cartKind({ id: 1, value: 100 })).toBe('fund');
    expect(cartKind({ id: 1 })).toBe('product');
    expect(cartKind('x')).toBeNull();
    const payload = cartToOrder([{ ...room, price: 1, total_price: 1 }], false);
    expect(JSON.stringify(payload)).not.toContain('price');
  });
});

describe('return dialog', () => {
  it('reads PAY.-style status parameters', () => {
    expect(providerCode(new URLSearchParams('orderStatusId=100'))).toBe(100);
    expect(providerCode(new URLSearchParams('order_status_id=-90'))).toBe(-90);
    expect(providerCode(new URLSearchParams('statusCode=-80'))).toBe(-80);
    expect(providerCode(new URLSearchParams('orderStatusId=abc'))).toBeNull();
  });

  it('chooses the text by order status, and a cancel at the provider for an unpaid order', () => {
    expect(returnVariant(OrderStatus.COMPLETED, 100)).toBe('completed');
    expect(returnVariant(OrderStatus.DOWN_PAYMENT, 100)).toBe('downPayment');
    expect(returnVariant(OrderStatus.CANCELLED, null)).toBe('cancelled');
    expect(returnVariant(OrderStatus.REFUNDED, null)).toBe('refunded');
    expect(returnVariant(OrderStatus.LEAD, -90)).toBe('cancelled');
    expect(returnVariant(OrderStatus.LEAD, -63)).toBe('notPaid');
    expect(returnVariant(OrderStatus.PENDING, null)).toBe('notPaid');
    // The order's status wins over what the URL says: a forged 100 does not make it paid.
    expect(returnVariant(OrderStatus.LEAD, 100)).toBe('notPaid');
  });

  it('thanks for an order of € 0 without speaking of a payment (docs/MONEY.md)', () => {
    expect(returnVariant(OrderStatus.COMPLETED, null, 0)).toBe('free');
    expect(returnVariant(OrderStatus.COMPLETED, 100, 2500)).toBe('completed');
    expect(RETURN_TEXT.free.body.join(' ')).not.toContain('betaling is gelukt');
  });
});

describe('checkout after the order is placed (docs/MONEY.md)', () => {
  it('goes to the provider only when something is to be paid: an order of € 0 is completed by the server', () => {
    expect(needsPayment({ status: OrderStatus.LEAD, amount_open: 2500 })).toBe(true);
    expect(needsPayment({ status: OrderStatus.COMPLETED, amount_open: 0 })).toBe(false);
    expect(needsPayment({ status: OrderStatus.LEAD, amount_open: 0 })).toBe(false);
  });
});

describe("'Mijn bestellingen'", () => {
  it('shows LEAD as Niet betaald', () => {
    expect(statusLabel(OrderStatus.LEAD)).toBe('Niet betaald');
    expect(statusLabel(OrderStatus.DOWN_PAYMENT)).toBe('Aanbetaald');
    expect(statusLabel(OrderStatus.COMPLETED)).toBe('Voltooid');
  });

  it('offers Restbetaling once paid, else 100 % and 50 %, and nothing for settled orders', () => {
    expect(payActions({ status: OrderStatus.LEAD, total_price: 1000, total_payments: 0 })).toEqual(['full', 'half']);
    expect(payActions({ status: OrderStatus.DOWN_PAYMENT, total_price: 1000, total_payments: 500 })).toEqual(['rest']);
    expect(payActions({ status: OrderStatus.COMPLETED, total_price: 1000, total_payments: 1000 })).toEqual([]);
    expect(payActions({ status: OrderStatus.CANCELLED, total_price: 1000, total_payments: 0 })).toEqual([]);
  });
});

describe('admin payments search', () => {
  it('takes FCU2123 or 123', () => {
    expect(parseOrderNumber('FCU2123')).toBe(123);
    expect(parseOrderNumber('fcu2 45')).toBe(45);
    expect(parseOrderNumber('7')).toBe(7);
    expect(parseOrderNumber('abc')).toBeNull();
  });
});
