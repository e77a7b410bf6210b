import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import { LogType, ORDER_MSG, Role, type PassportSource, type VisaGuestDto } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import { allQueries, type DbOrTx } from '../../db/index.ts';
import { guests, orderLogs, orders, products, rooms, visaDocuments } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';

// What the visa use cases share: the caller, the sealed data and the order's guests with their documents.

export type Ctx = Pick<AppContext, 'db' | 'config' | 'mail' | 'sealer' | 'files'>;

export interface Actor {
  user: UserRow;
  actingAdminId?: number;
}

/** What `sealed` holds; bound to the guest so a sealed value copied to another row does not open. */
export interface SealedVisa {
  date_of_birth: string;
  city_of_birth: string;
  passport_number: string;
  passport_creation_date: string;
  passport_expires: string;
  /** Absent in rows sealed before scanning existed: those were typed. */
  passport_source?: PassportSource;
}
export const visaContext = (guestId: number) => `visa:${guestId}`;
export const photoContext = (key: string) => `visa-photo:${key}`;

export const isAdmin = (u: UserRow) => u.role === Role.ADMIN;

/** The order if the caller may see it; someone else's order looks exactly like a missing one. */
export async function accessibleOrder(db: DbOrTx, user: UserRow, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (!isAdmin(user) && order.userId !== user.id)) throw notFound(ORDER_MSG.notFound);
  return order;
}

export type TripInfo = { label: string; start: string | null; end: string | null };

/**
 * The order's guests with their trip (the guest's own product, else the room's) and whether their
 * documents are in. The order's trip is the room product that ends last.
 */
export async function guestsOfOrder(db: DbOrTx, orderId: number) {
  const [guestRows, roomRows, docRows] = await allQueries(db, [
    db.select().from(guests).where(eq(guests.orderId, orderId)).orderBy(asc(guests.id)),
    db.select({ id: rooms.id, productId: rooms.productId }).from(rooms).where(eq(rooms.orderId, orderId)).orderBy(asc(rooms.id)),
    db.select().from(visaDocuments).where(eq(visaDocuments.orderId, orderId)),
  ] as const);
  const productIds = [
    ...new Set([...guestRows.map((g) => g.productId), ...roomRows.map((r) => r.productId)].filter((id): id is number => id !== null)),
  ];
  const productRows = productIds.length
    ? await db
        .select({ id: products.id, label: products.label, start: products.start, end: products.end })
        .from(products)
        .where(inArray(products.id, productIds))
    : [];
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const roomProduct = new Map(roomRows.map((r) => [r.id, r.productId]));
  const docByGuest = new Map(docRows.map((d) => [d.guestId, d]));

  const tripOf = (id: number | null | undefined): TripInfo | null => {
    const p = id ? productById.get(id) : undefined;
    return p ? { label: p.label, start: p.start, end: p.end } : null;
  };
  const list = guestRows.map((g) => {
    const own = tripOf(g.productId);
    const room = tripOf(roomProduct.get(g.roomId));
    return { row: g, tripStart: own?.start ?? room?.start ?? null, document: docByGuest.get(g.id) ?? null };
  });
  const trip =
    roomRows
      .map((r) => tripOf(r.productId))
      .filter((t): t is TripInfo => t !== null)
      .sort((a, b) => (b.end ?? '').localeCompare(a.end ?? ''))[0] ?? null;
  return { list, trip, docs: docRows };
}

export const guestDto = (g: typeof guests.$inferSelect, hasDocuments: boolean): VisaGuestDto => ({
  id: g.id,
  first_name: g.firstName,
  last_name: g.lastName,
  gender: g.gender,
  age_category: g.ageCategory,
  has_documents: hasDocuments,
});

export const fullName = (g: { firstName: string; lastName: string }) => `${g.firstName} ${g.lastName}`.trim();

/**
 * Whether the finish notification went out for the current set of documents: a finish log written
 * after the newest document. A reset and redo makes a newer document, so finishing again notifies again.
 */
export async function finishSent(db: DbOrTx, orderId: number): Promise<boolean> {
  const [[newestDoc], [lastFinish]] = await allQueries(db, [
    db
      .select({ at: max(visaDocuments.createdAt) })
      .from(visaDocuments)
      .where(eq(visaDocuments.orderId, orderId)),
    db
      .select({ at: orderLogs.createdAt })
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, orderId), eq(orderLogs.type, LogType.DOCUMENT_FINISH)))
      .orderBy(desc(orderLogs.id))
      .limit(1),
  ] as const);
  if (!lastFinish) return false;
  return !newestDoc?.at || lastFinish.at >= newestDoc.at;
}

// A value that does not open (an old key missing from VISA_ENCRYPTION_PREVIOUS_KEYS) throws a
// SealError: the app logs it and answers the general 500, as for any operator problem.
export const openSealed = (ctx: Pick<Ctx, 'sealer'>, doc: Pick<typeof visaDocuments.$inferSelect, 'sealed' | 'guestId'>): SealedVisa =>
  JSON.parse(ctx.sealer.open(doc.sealed, visaContext(doc.guestId)).toString('utf8')) as SealedVisa;
