import type { ProductDto } from '@umrah/domain/contracts';
import type { WaitlistEntryDto } from '@umrah/domain/contracts';

/**
 * The catalog as the customer with places held on the waiting list sees it: the held places are
 * taken from stock already (docs/WAITLIST.md), so they are added back for them, and the sold-out room can
 * be booked (the order then uses the hold).
 */
export function withHolds(products: readonly ProductDto[], entries: readonly WaitlistEntryDto[] | undefined): ProductDto[] {
  const held = new Map<number, number>();
  const now = Date.now();
  for (const e of entries ?? []) {
    if (e.status === 'held' && e.held_until && Date.parse(e.held_until) > now) held.set(e.product_id, (held.get(e.product_id) ?? 0) + e.persons);
  }
  if (held.size === 0) return products as ProductDto[];
  return products.map((p) => (held.has(p.id) ? { ...p, stock: p.stock + held.get(p.id)! } : p));
}

/** The packages page at the package of an entry (month, trip, class). */
export const packageLink = (e: Pick<WaitlistEntryDto, 'start' | 'end' | 'type_class'>) =>
  e.start && e.end ? `/pakketten?maand=${e.start.slice(0, 7)}&reis=${e.start}_${e.end}&klasse=${e.type_class}` : '/pakketten';
