import { describe, expect, it } from 'vitest';
import type { ProductDto, WaitlistEntryDto } from '@umrah/domain/contracts';
import { packageLink, withHolds } from './holds';

const product = (id: number, stock: number) => ({ id, stock }) as ProductDto;
const entry = (over: Partial<WaitlistEntryDto>): WaitlistEntryDto => ({
  id: 1,
  product_id: 10,
  trip_label: 'Umrah maart',
  start: '2027-03-01',
  end: '2027-03-15',
  room_type: 2,
  type_class: 1,
  persons: 2,
  status: 'held',
  place: null,
  held_until: new Date(Date.now() + 3600_000).toISOString(),
  order_id: null,
  created_at: new Date().toISOString(),
  ...over,
});

describe('the catalog as a customer with a hold sees it', () => {
  it('adds the places held for them back to that product only while the hold runs', () => {
    const products = [product(10, 0), product(11, 3)];
    expect(withHolds(products, [entry({})]).map((p) => p.stock)).toEqual([2, 3]);
    expect(withHolds(products, [entry({ status: 'waiting' })]).map((p) => p.stock)).toEqual([0, 3]);
    expect(withHolds(products, [entry({ held_until: new Date(Date.now() - 1000).toISOString() })]).map((p) => p.stock)).toEqual([0, 3]);
    expect(withHolds(products, undefined)).toBe(products);
  });

  it("links 'Nu boeken' to the package's month, trip and class", () => {
    expect(packageLink(entry({}))).toBe('/pakketten?maand=2027-03&reis=2027-03-01_2027-03-15&klasse=1');
  });
});
