// From the cart in localStorage ('cart', docs/RULES.md, 'Entities: Cart entry kinds') to the order create payload.
// Entries are read defensively: a kind is taken from `type` when present, else from the entry's shape.
import type { OrderInput } from '@umrah/domain/validation/order';
import { readCart } from './cartStorage';

type Json = Record<string, unknown>;
export type CartKind = 'umrah' | 'arabia' | 'fund' | 'product';

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function cartKind(entry: unknown): CartKind | null {
  if (!isRecord(entry)) return null;
  const t = typeof entry.type === 'string' ? entry.type : typeof entry.kind === 'string' ? entry.kind : undefined;
  if (t === 'umrah' || t === 'arabia' || t === 'fund' || t === 'product') return t;
  if ('room_type' in entry && Array.isArray(entry.guests)) return 'umrah';
  if ('available_days' in entry || 'available_times' in entry) return 'arabia';
  if ('value' in entry && num(entry.id) !== undefined) return 'fund';
  if (num(entry.id) !== undefined || num(entry.product_id) !== undefined) return 'product';
  return null;
}

/** Voucher labels kept on an entry (docs/RULES.md, 'Entities' lists discounts on rooms) or in its flex. */
function discountsOf(entry: Json): string[] {
  const flex = isRecord(entry.flex) ? entry.flex : {};
  return [...strings(entry.discounts), ...strings(flex.discounts)];
}

/** The order payload for these cart entries; `payPartly` is the 'Aanbetaling (50%)' choice. */
export function cartToOrder(entries: readonly unknown[], payPartly: boolean): OrderInput {
  const rooms: NonNullable<OrderInput['rooms']> = [];
  const products: number[] = [];
  const crowdfunds: NonNullable<OrderInput['crowdfunds']> = [];
  const availabilities: { id: number; days: string[]; times: string[] }[] = [];
  const discounts: string[] = [];

  for (const entry of entries) {
    const kind = cartKind(entry);
    if (!kind || !isRecord(entry)) continue;
    // A code counts once, however it is capitalised (the server compares without case).
    for (const l of discountsOf(entry)) if (!discounts.some((d) => d.toLowerCase() === l.toLowerCase())) discounts.push(l);
    if (kind === 'umrah') {
      rooms.push({
        product_id: num(entry.product_id) ?? num(entry.id) ?? 0,
        room_type: num(entry.room_type) as 2 | 3 | 4,
        room_gender: num(entry.room_gender) as 0 | 1 | 2,
        exclusive: entry.exclusive === true,
        extras: Array.isArray(entry.extras) ? (entry.extras as (string | { label: string })[]) : [],
        guests: (entry.guests as Json[]).map((g) => ({
          first_name: String(g.first_name ?? ''),
          last_name: String(g.last_name ?? ''),
          age_category: num(g.age_category) as 0 | 1 | 2,
          gender: (num(g.gender) ?? null) as 0 | 1 | 2 | null,
          european_passport: g.european_passport !== false,
          bed_included: g.bed_included !== false,
          flex: { disabled: isRecord(g.flex) && g.flex.disabled === true },
        })),
      });
    } else if (kind === 'arabia') {
      const id = num(entry.id) ?? num(entry.product_id);
      if (id === undefined) continue;
      products.push(id);
      availabilities.push({ id, days: strings(entry.available_days), times: strings(entry.available_times) });
    } else if (kind === 'fund') {
      const id = num(entry.id) ?? num(entry.funding_id);
      const amount = num(entry.value) ?? num(entry.funding_amount);
      if (id !== undefined && amount !== undefined) crowdfunds.push({ funding_id: id, funding_amount: amount });
    } else {
      const id = num(entry.product_id) ?? num(entry.id);
      if (id !== undefined) products.push(id);
    }
  }
  return {
    rooms,
    products,
    crowdfunds,
    // Days and slots are checked by the server's schema; the client passes on what the cart holds.
    flex: { pay_partly: payPartly, discounts, arabia_availibilities: availabilities } as OrderInput['flex'],
  };
}

export const readCheckoutCart = () => readCart<unknown>().filter((e) => cartKind(e) !== null);
