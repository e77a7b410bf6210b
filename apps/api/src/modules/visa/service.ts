import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import {
  formatOrderNumber,
  LogType,
  MSG,
  ORDER_MSG,
  Role,
  VISA_MSG,
  mayDeliverDocuments,
  passportValidEnough,
  type AdminVisaGuestDto,
  type GuestNameInput,
  type PassportSource,
  type ResetDocumentsInput,
  type VisaData,
  type VisaGuestDto,
  type VisaOrderDto,
} from '@umrah/domain';
import { must } from '@umrah/domain/must';
import type { AppContext } from '../../context.ts';
import { allQueries, type DbOrTx } from '../../db/index.ts';
import { auditLog, guests, orderLogs, orders, products, rooms, users, visaDocuments } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import type { UserRow } from '../../lib/auth.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { documentsCompleteCustomerMail, documentsCompleteOfficeMail, redoDocumentsMail } from './mails.ts';
import { passportSource } from './mrz.ts';
import { preparePhoto } from '../../infra/images/photo.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mail' | 'sealer' | 'files'>;

export interface Actor {
  user: UserRow;
  actingAdminId?: number;
}

/**
 * order_logs.type of visa events that are not reminders. Log types number only reminders (1-5
 * documents, 6-10 payments); 0 marks a plain note (documents delivered, a name changed, data purged).
 */
export const NOTE_LOG_TYPE = 0;

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

const isAdmin = (u: UserRow) => u.role === Role.ADMIN;

/** The order if the caller may see it; someone else's order looks exactly like a missing one. */
async function accessibleOrder(db: DbOrTx, user: UserRow, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (!isAdmin(user) && order.userId !== user.id)) throw notFound(ORDER_MSG.notFound);
  return order;
}

type TripInfo = { label: string; start: string | null; end: string | null };

/**
 * The order's guests with their trip (the guest's own product, else the room's) and whether their
 * documents are in. The order's trip is the room product that ends last.
 */
async function guestsOfOrder(db: DbOrTx, orderId: number) {
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

const guestDto = (g: typeof guests.$inferSelect, hasDocuments: boolean): VisaGuestDto => ({
  id: g.id,
  first_name: g.firstName,
  last_name: g.lastName,
  gender: g.gender,
  age_category: g.ageCategory,
  has_documents: hasDocuments,
});

const fullName = (g: { firstName: string; lastName: string }) => `${g.firstName} ${g.lastName}`.trim();

/**
 * Whether the finish notification went out for the current set of documents: a finish log written
 * after the newest document. A reset and redo makes a newer document, so finishing again notifies again.
 */
async function finishSent(db: DbOrTx, orderId: number): Promise<boolean> {
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

/** GET /api/order/{id}/visa: what the wizard needs to show its steps. */
export async function visaOverview(ctx: Ctx, actor: Actor, orderId: number): Promise<VisaOrderDto> {
  const order = await accessibleOrder(ctx.db, actor.user, orderId);
  const { list, trip } = await guestsOfOrder(ctx.db, orderId);
  const eligible = mayDeliverDocuments(order.status);
  return {
    order_id: order.id,
    status: order.status,
    eligible,
    ...(eligible ? {} : { message: VISA_MSG.notEligible }),
    trip,
    finished: list.length > 0 && list.every((g) => g.document) && (await finishSent(ctx.db, orderId)),
    guests: list.map((g) => guestDto(g.row, g.document !== null)),
  };
}

/**
 * POST /api/order/guest/visa. Every rule is checked before the photo is touched; the photo is
 * converted and stored before the transaction (image work holds no connection), and removed again
 * when the insert does not happen, so nothing is ever half-saved.
 */
export async function submitVisa(ctx: Ctx, actor: Actor, input: VisaData) {
  const order = await accessibleOrder(ctx.db, actor.user, input.order_id);
  if (!mayDeliverDocuments(order.status)) throw conflict(VISA_MSG.notEligible);
  const { list } = await guestsOfOrder(ctx.db, order.id);
  const guest = list.find((g) => g.row.id === input.guest_id);
  if (!guest) throw notFound(VISA_MSG.guestNotInOrder);
  if (guest.document) throw conflict(VISA_MSG.alreadyDelivered);
  if (!passportValidEnough(input.passport_expires, guest.tripStart)) {
    throw badRequest(VISA_MSG.passportExpiresTooSoon, [{ path: 'passport_expires', message: VISA_MSG.passportExpiresTooSoon }]);
  }

  const jpeg = await preparePhoto(input.visa_photo);
  const photoKey = `visa/${order.id}/${guest.row.id}-${randomBytes(12).toString('hex')}.bin`;
  await ctx.files.put(photoKey, ctx.sealer.sealBytes(jpeg, photoContext(photoKey)), 'application/octet-stream');

  const secret: SealedVisa = {
    date_of_birth: input.date_of_birth,
    city_of_birth: input.city_of_birth,
    passport_number: input.passport_number,
    passport_creation_date: input.passport_creation_date,
    passport_expires: input.passport_expires,
    passport_source: passportSource(input),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      // The status may have changed (cancelled, refunded) while the photo was being converted.
      const [locked] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).for('update');
      if (!locked || !mayDeliverDocuments(locked.status)) throw conflict(VISA_MSG.notEligible);
      const inserted = await tx
        .insert(visaDocuments)
        .values({
          guestId: guest.row.id,
          orderId: order.id,
          firstName: input.first_name,
          lastName: input.last_name,
          gender: input.gender,
          nationality: input.nationality,
          cityOfCountry: input.city_of_country,
          sealed: ctx.sealer.seal(JSON.stringify(secret), visaContext(guest.row.id)),
          keyId: ctx.sealer.keyId,
          photoKey,
          submittedByUserId: actor.user.id,
        })
        // Two submits of the same guest at once: the unique guest_id lets exactly one in.
        .onConflictDoNothing({ target: visaDocuments.guestId })
        .returning({ id: visaDocuments.id });
      if (inserted.length === 0) throw conflict(VISA_MSG.alreadyDelivered);
      await tx.insert(orderLogs).values({
        orderId: order.id,
        type: NOTE_LOG_TYPE,
        message: `Documenten aangeleverd voor reiziger ${fullName(guest.row)} (#${guest.row.id}).`,
        userExecutedMail: actor.user.email,
      });
    });
  } catch (err) {
    await ctx.files.delete(photoKey).catch(() => undefined);
    throw err;
  }
  return { guest_id: guest.row.id };
}

/**
 * POST /api/order/guest/update_name/{order_id}: the customer corrects a guest's name until the
 * guest's documents are in; afterwards only an admin, who then corrects the visa data's name too.
 */
export async function updateGuestName(ctx: Ctx, actor: Actor, orderId: number, input: GuestNameInput) {
  if (input.order_id !== orderId) throw badRequest(MSG.invalidInput);
  const order = await accessibleOrder(ctx.db, actor.user, orderId);
  const admin = isAdmin(actor.user);
  return ctx.db.transaction(async (tx) => {
    const [guest] = await tx
      .select()
      .from(guests)
      .where(and(eq(guests.id, input.id), eq(guests.orderId, order.id)))
      .for('update');
    if (!guest) throw notFound(VISA_MSG.guestNotInOrder);
    const [doc] = await tx.select({ id: visaDocuments.id }).from(visaDocuments).where(eq(visaDocuments.guestId, guest.id));
    if (doc && !admin) throw conflict(VISA_MSG.nameLocked);
    const changes = { firstName: input.first_name, lastName: input.last_name, gender: input.gender };
    await tx.update(guests).set(changes).where(eq(guests.id, guest.id));
    if (doc)
      await tx
        .update(visaDocuments)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(visaDocuments.id, doc.id));
    const before = fullName(guest);
    const after = fullName(changes);
    await tx.insert(orderLogs).values({
      orderId: order.id,
      type: NOTE_LOG_TYPE,
      message:
        before === after && guest.gender === input.gender
          ? `Naam van reiziger #${guest.id} bevestigd: ${after}.`
          : `Naam van reiziger #${guest.id} gewijzigd: ${before} → ${after}${guest.gender !== input.gender ? ` (geslacht ${guest.gender ?? '-'} → ${input.gender})` : ''}.`,
      userExecutedMail: actor.user.email,
    });
    return guestDto({ ...guest, ...changes }, doc !== undefined);
  });
}

/**
 * POST /api/order/remind/documents/faulty (admin): deletes the guests' visa data, logs the reason
 * and mails the customer to redo them. Photos are deleted after the commit: a rollback must not
 * leave rows pointing at deleted files.
 */
export async function resetDocuments(ctx: Ctx, actor: Actor, input: ResetDocumentsInput) {
  const guestIds = [...new Set(input.guests)];
  const { photoKeys, deleted } = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, email: users.email, firstName: users.firstName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, input.order_id))
      .for('update', { of: orders });
    if (!order) throw notFound(ORDER_MSG.notFound);
    const guestRows = await tx
      .select()
      .from(guests)
      .where(and(eq(guests.orderId, order.id), inArray(guests.id, guestIds)));
    if (guestRows.length !== guestIds.length) throw notFound(VISA_MSG.guestNotInOrder);
    const removed = await tx
      .delete(visaDocuments)
      .where(and(eq(visaDocuments.orderId, order.id), inArray(visaDocuments.guestId, guestIds)))
      .returning({ photoKey: visaDocuments.photoKey });
    const names = guestRows.map(fullName);
    await tx.insert(orderLogs).values({
      orderId: order.id,
      type: LogType.DOCUMENT_REQUEST,
      message: `Documenten teruggezet voor ${names.join(', ')}. Reden: ${input.reason}`,
      userExecutedMail: actor.user.email,
    });
    await queueMail(tx, {
      to: order.email,
      ...redoDocumentsMail({
        firstName: order.firstName,
        orderNumber: formatOrderNumber(order.id),
        guestNames: names,
        reason: input.reason,
        link: `${ctx.config.publicUrl}/visum/invoeren/${order.id}`,
      }),
    });
    return { photoKeys: removed.map((r) => r.photoKey).filter((k): k is string => k !== null), deleted: removed.length };
  });
  await deleteFiles(ctx, photoKeys);
  void ctx.mail.kick();
  return { deleted };
}

/** Best effort: a file left behind after a deleted row is unreadable without the row's order anyway. */
export async function deleteFiles(ctx: Pick<Ctx, 'files'>, keys: string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) {
    try {
      await ctx.files.delete(key);
    } catch {
      failed.push(key);
    }
  }
  return failed;
}

/**
 * POST /api/order/remind/documents/finish: once every guest's documents are in, mails the office
 * and the customer, exactly once per complete set (the order row lock and a type-5 log guard it).
 */
export async function finishDocuments(ctx: Ctx, actor: Actor, orderId: number) {
  const order = await accessibleOrder(ctx.db, actor.user, orderId);
  if (!mayDeliverDocuments(order.status)) throw conflict(VISA_MSG.notEligible);
  const sent = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    const { list, trip } = await guestsOfOrder(tx, order.id);
    if (list.length === 0 || !list.every((g) => g.document)) throw conflict(VISA_MSG.notComplete);
    if (await finishSent(tx, order.id)) return false;
    const customer = must((await tx.select().from(users).where(eq(users.id, order.userId)))[0], "the order's customer (foreign key)");
    const names = list.map((g) => fullName(g.row));
    const number = formatOrderNumber(order.id);
    await tx.insert(orderLogs).values({
      orderId: order.id,
      type: LogType.DOCUMENT_FINISH,
      message: `Documenten compleet (${names.length} reiziger(s)); kantoor en klant gemaild.`,
      userExecutedMail: actor.user.email,
    });
    await queueMail(tx, {
      to: ctx.config.officeEmail,
      replyTo: customer.email,
      ...documentsCompleteOfficeMail({
        orderNumber: number,
        customer: fullName(customer),
        email: customer.email,
        trip: trip ? `${trip.label}${trip.start && trip.end ? ` (${trip.start} t/m ${trip.end})` : ''}` : null,
        guestNames: names,
        adminLink: `${ctx.config.publicUrl}/admin`,
      }),
    });
    await queueMail(tx, {
      to: customer.email,
      ...documentsCompleteCustomerMail({
        firstName: customer.firstName,
        orderNumber: number,
        guestNames: names,
        accountUrl: `${ctx.config.publicUrl}/account/bestellingen/${order.id}`,
      }),
    });
    return true;
  });
  if (sent) void ctx.mail.kick();
  return { sent };
}

// A value that does not open (an old key missing from VISA_ENCRYPTION_PREVIOUS_KEYS) throws a
// SealError: the app logs it and answers the general 500, as for any operator problem.
export const openSealed = (ctx: Pick<Ctx, 'sealer'>, doc: Pick<typeof visaDocuments.$inferSelect, 'sealed' | 'guestId'>): SealedVisa =>
  JSON.parse(ctx.sealer.open(doc.sealed, visaContext(doc.guestId)).toString('utf8')) as SealedVisa;

/** GET /api/admin/order/{id}/visa (admin): the decrypted data per guest; every view is audited. */
export async function adminVisa(ctx: Ctx, actor: Actor, orderId: number) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_MSG.notFound);
  const { list, trip } = await guestsOfOrder(ctx.db, orderId);
  const result: AdminVisaGuestDto[] = list.map((g) => {
    const d = g.document;
    const secret = d ? openSealed(ctx, d) : null;
    return {
      ...guestDto(g.row, d !== null),
      has_photo: Boolean(d?.photoKey),
      documents:
        d && secret
          ? {
              first_name: d.firstName,
              last_name: d.lastName,
              gender: d.gender,
              date_of_birth: secret.date_of_birth,
              nationality: d.nationality,
              city_of_country: d.cityOfCountry,
              city_of_birth: secret.city_of_birth,
              passport_number: secret.passport_number,
              passport_creation_date: secret.passport_creation_date,
              passport_expires: secret.passport_expires,
              passport_source: secret.passport_source ?? 'typed',
              submitted_at: d.createdAt.toISOString(),
              updated_at: d.updatedAt.toISOString(),
            }
          : null,
    };
  });
  await ctx.db.insert(auditLog).values({
    actorUserId: actor.user.id,
    actorEmail: actor.user.email,
    action: 'visa.view',
    targetUserId: order.userId,
    details: { order_id: order.id, guests: list.filter((g) => g.document).map((g) => g.row.id) },
  });
  return { order_id: order.id, status: order.status, trip, guests: result };
}

/** GET /api/order/guest/{guestId}/visa/photo: the owner's or (audited) an admin's view of the photo. */
export async function guestPhoto(ctx: Ctx, actor: Actor, guestId: number): Promise<Buffer> {
  const [row] = await ctx.db
    .select({ doc: visaDocuments, userId: orders.userId })
    .from(guests)
    .innerJoin(orders, eq(orders.id, guests.orderId))
    .leftJoin(visaDocuments, eq(visaDocuments.guestId, guests.id))
    .where(eq(guests.id, guestId));
  const admin = isAdmin(actor.user);
  if (!row || (!admin && row.userId !== actor.user.id)) throw notFound(VISA_MSG.photoNotFound);
  if (!row.doc?.photoKey) throw notFound(VISA_MSG.photoNotFound);
  const sealed = await ctx.files.get(row.doc.photoKey);
  if (!sealed) throw notFound(VISA_MSG.photoNotFound);
  const jpeg = ctx.sealer.openBytes(sealed, photoContext(row.doc.photoKey));
  if (row.userId !== actor.user.id) {
    await ctx.db.insert(auditLog).values({
      actorUserId: actor.user.id,
      actorEmail: actor.user.email,
      action: 'visa.photo',
      targetUserId: row.userId,
      details: { order_id: row.doc.orderId, guest_id: guestId },
    });
  }
  return jpeg;
}
