import { describe, expect, it } from 'vitest';
import { packagesOf, tripsOfMonth } from '../src/catalog.ts';
import type { ProductDto } from '../src/validation/product.ts';

let nextId = 100;
const product = (over: Partial<ProductDto> & { type_class?: 0 | 1; priority?: number } = {}): ProductDto => {
  const { type_class = 0, priority = 0, ...rest } = over;
  const id = nextId++;
  return {
    product_id: id,
    id,
    type: 2,
    label: 'Umrah Firstclass',
    description: 'Reis',
    start: '2027-03-10',
    end: '2027-03-24',
    payment_deadline: '2027-01-27',
    stock: 10,
    price: 200000,
    is_active: true,
    region: 'NL',
    currency: 'EUR',
    created_at: '2026-01-01T00:00:00.000Z',
    flex: { hotels: [0, 3], bulletpoints: [], priority, type_class, extras: [], region: 'NL' },
    ...rest,
  };
};

describe('tripsOfMonth', () => {
  it('groups the bookable trips of a month by start and end, with their classes', () => {
    const products = [
      product({ start: '2027-03-20', end: '2027-04-03', type_class: 1 }),
      product(),
      product({ type: 3, type_class: 1 }),
      product({ start: '2027-04-10', end: '2027-04-24' }),
      product({ type: 11, start: '2027-03-10' }),
      product({ is_active: false, start: '2027-03-01', end: '2027-03-15' }),
    ];
    const trips = tripsOfMonth(products, '2027-03', '2027-01-01');
    expect(trips.map((t) => t.key)).toEqual(['2027-03-10_2027-03-24', '2027-03-20_2027-04-03']);
    expect(trips[0]?.classes).toEqual([0, 1]);
    expect(trips[0]?.stock).toBe(20);
    expect(trips[1]?.classes).toEqual([1]);
  });
});

describe('packagesOf', () => {
  it('builds one package per title with the price table and the lowest adult price as vanaf', () => {
    const products = [
      product({ type: 2, price: 210000 }),
      product({ type: 3, price: 150000 }),
      product({ type: 5, price: 190000 }),
      product({ type: 8, price: 180000 }),
      product({ type: 10, price: 50000 }),
      product({ type: 2, price: 160000, label: 'Umrah Budget', priority: 1 }),
      product({ type: 2, price: 100000, type_class: 1, label: 'Premium' }),
    ];
    const pkgs = packagesOf(products, { start: '2027-03-10', end: '2027-03-24' }, 0, '2027-01-01');
    expect(pkgs.map((p) => p.label)).toEqual(['Umrah Firstclass', 'Umrah Budget']);
    const [first] = pkgs;
    expect(first?.fromPrice).toBe(180000);
    expect(first?.prices[2]?.[0]?.price).toBe(210000);
    expect(first?.prices[2]?.[1]?.price).toBe(150000);
    expect(first?.prices[2]?.[2]).toBeNull();
    expect(first?.prices[4]?.[2]?.price).toBe(50000);
    expect(first?.productIds).toHaveLength(5);
  });

  it('leaves out departed trips', () => {
    expect(packagesOf([product()], { start: '2027-03-10', end: '2027-03-24' }, 0, '2027-03-11')).toEqual([]);
  });
});
