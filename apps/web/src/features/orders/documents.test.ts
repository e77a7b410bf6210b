import { describe, expect, it } from 'vitest';
import { needsDocuments, type MyOrder } from './MyOrders';

const order = (over: Partial<MyOrder> = {}, docs: (boolean | undefined)[] = [false, false]): MyOrder =>
  ({
    id: 5,
    order_number: 'FCU25',
    status: 8,
    total_price: 200000,
    total_payments: 100000,
    amount_open: 100000,
    created_at: '2027-01-01T10:00:00Z',
    lines: [],
    rooms: [
      {
        id: 1,
        room_type: 2,
        room_gender: 2,
        exclusive: false,
        guests: docs.map((has_documents, i) => ({ id: i + 1, first_name: 'A', last_name: 'B', age_category: 0, has_documents })),
      },
    ],
    ...over,
  }) as MyOrder; // only the fields needsDocuments reads

describe("'Documenten aanleveren' (docs/RULES.md, 'Screens: My orders')", () => {
  it('shows while something is paid and not every guest has documents', () => {
    expect(needsDocuments(order({ documents_complete: false }))).toBe(true);
    expect(needsDocuments(order({ documents_complete: false }, [true, false]))).toBe(true);
    expect(needsDocuments(order({ status: 2, total_payments: 200000, documents_complete: false }))).toBe(true);
  });

  it('hides when all documents are in, nothing is paid, or the order is cancelled', () => {
    expect(needsDocuments(order({ documents_complete: true }, [true, true]))).toBe(false);
    expect(needsDocuments(order({ total_payments: 0, status: 1, documents_complete: false }))).toBe(false);
    expect(needsDocuments(order({ status: 3, documents_complete: false }))).toBe(false);
    expect(needsDocuments(order({ documents_complete: false }, []))).toBe(false);
  });

  it('falls back to the guests when the order has no documents_complete', () => {
    expect(needsDocuments(order({}, [true, undefined]))).toBe(true);
    expect(needsDocuments(order({}, [true, true]))).toBe(false);
  });
});
