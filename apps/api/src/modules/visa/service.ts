import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  formatOrderNumber,
  LogType,
  MSG,
  ORDER_MSG,
  VISA_MSG,
  mayDeliverDocuments,
  passportValidEnough,
  type GuestNameInput,
  type ResetDocumentsInput,
  type VisaData,
  type VisaOrderDto,
} from '@umrah/domain';
import { must } from '@umrah/domain/must';
import { guests, orderLogs, orders, users, visaDocuments } from '../../db/schema.ts';
import { queueMail } from '../../infra/mail/outbox.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { documentsCompleteCustomerMail, documentsCompleteOfficeMail, redoDocumentsMail } from './mails.ts';
import { passportSource } from './mrz.ts';
import { preparePhoto } from '../../infra/images/photo.ts';

import {
  accessibleOrder,
  finishSent,
  isAdmin,
  fullName,
  guestDto,
  guestsOfOrder,
  photoContext,
  visaContext,
  type Actor,
  type Ctx,
  type SealedVisa,
} from './visa-data.ts';

export { openSealed, photoContext, visaContext, type Actor, type SealedVisa } from './visa-data.ts';
export { adminVisa, guestPhoto } from './admin-views.ts';

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
        type: LogType.NOTE,
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
      type: LogType.NOTE,
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
