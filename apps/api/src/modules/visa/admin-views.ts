import { eq } from 'drizzle-orm';
import { ORDER_MSG, VISA_MSG, type AdminVisaGuestDto } from '@umrah/domain';
import { auditLog, guests, orders, visaDocuments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { guestDto, guestsOfOrder, isAdmin, openSealed, photoContext, type Actor, type Ctx } from './visa-data.ts';

// The decrypted documents as the office sees them, and a guest's passport photo: each view by
// someone else than the customer is audited.

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
