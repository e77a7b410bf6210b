import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { looksLikePdf, MY_TRIP_MSG, Role, VISA_PDF_MAX_BYTES } from '@umrah/domain';
import { auditLog, guests, guestVisaFiles, orders } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { paidOrderFor, type Ctx } from './service.ts';

// The visa (PDF) per guest: staff upload it on the trip page, the customer downloads their own
// guests' ('Mijn reis' keeps them offline). Sealed in the file store like the passport photos: it
// carries the passport number.

const pdfContext = (key: string) => `visa-pdf:${key}`;

async function guestWithOrder(ctx: Ctx, guestId: number) {
  const [row] = await ctx.db
    .select({ guestId: guests.id, orderId: guests.orderId, userId: orders.userId, file: guestVisaFiles })
    .from(guests)
    .innerJoin(orders, eq(orders.id, guests.orderId))
    .leftJoin(guestVisaFiles, eq(guestVisaFiles.guestId, guests.id))
    .where(eq(guests.id, guestId));
  return row ?? null;
}

/** PUT /api/admin/guests/{id}/visa-pdf (admin): checked by content (%PDF-) and size, replaces an earlier one. */
export async function uploadVisaPdf(ctx: Ctx, user: UserRow, guestId: number, base64: string) {
  const pdf = Buffer.from(base64, 'base64');
  if (pdf.length > VISA_PDF_MAX_BYTES) throw new AppError(413, MY_TRIP_MSG.visaPdfTooLarge);
  if (!looksLikePdf(pdf)) throw badRequest(MY_TRIP_MSG.visaPdfNotPdf);
  const guest = await guestWithOrder(ctx, guestId);
  if (!guest) throw notFound(MY_TRIP_MSG.guestNotFound);
  const key = `visa-pdf/${guest.orderId}/${guestId}-${randomBytes(12).toString('hex')}.bin`;
  await ctx.files.put(key, ctx.sealer.sealBytes(pdf, pdfContext(key)), 'application/octet-stream');
  let previous: string | null = null;
  try {
    previous = await ctx.db.transaction(async (tx) => {
      const [old] = await tx.select({ key: guestVisaFiles.fileKey }).from(guestVisaFiles).where(eq(guestVisaFiles.guestId, guestId)).for('update');
      const values = { orderId: guest.orderId, fileKey: key, size: pdf.length, uploadedByUserId: user.id, createdAt: new Date() };
      await tx
        .insert(guestVisaFiles)
        .values({ guestId, ...values })
        .onConflictDoUpdate({ target: guestVisaFiles.guestId, set: values });
      await tx.insert(auditLog).values({
        actorUserId: user.id,
        actorEmail: user.email,
        action: 'visa.pdf.upload',
        targetUserId: guest.userId,
        details: { order_id: guest.orderId, guest_id: guestId, size: pdf.length },
      });
      return old?.key ?? null;
    });
  } catch (err) {
    await ctx.files.delete(key).catch(() => undefined);
    throw err;
  }
  // The replaced file goes once the new one is recorded; a failed delete leaves only sealed bytes behind.
  if (previous) await ctx.files.delete(previous).catch(() => undefined);
  return { guest_id: guestId, size: pdf.length };
}

/** DELETE /api/admin/guests/{id}/visa-pdf (admin). */
export async function deleteVisaPdf(ctx: Ctx, user: UserRow, guestId: number) {
  const guest = await guestWithOrder(ctx, guestId);
  if (!guest?.file) throw notFound(MY_TRIP_MSG.visaPdfNotFound);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(guestVisaFiles).where(eq(guestVisaFiles.guestId, guestId));
    await tx.insert(auditLog).values({
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'visa.pdf.delete',
      targetUserId: guest.userId,
      details: { order_id: guest.orderId, guest_id: guestId },
    });
  });
  await ctx.files.delete(guest.file.fileKey).catch(() => undefined);
}

/**
 * GET /api/my-trips/{orderId}/visa/{guestId}: the owner's own guest's visa once the order is paid, or
 * an admin (audited). The bookkeeper has no business with passport data: 404 as for a stranger.
 */
export async function visaPdfFor(ctx: Ctx, user: UserRow, orderId: number, guestId: number): Promise<Buffer> {
  const admin = user.role === Role.ADMIN;
  if (!admin && user.role !== Role.USER) throw notFound(MY_TRIP_MSG.visaPdfNotFound);
  await paidOrderFor(ctx.db, user, orderId);
  const guest = await guestWithOrder(ctx, guestId);
  if (!guest || guest.orderId !== orderId || !guest.file) throw notFound(MY_TRIP_MSG.visaPdfNotFound);
  const sealed = await ctx.files.get(guest.file.fileKey);
  if (!sealed) throw notFound(MY_TRIP_MSG.visaPdfNotFound);
  const pdf = ctx.sealer.openBytes(sealed, pdfContext(guest.file.fileKey));
  if (guest.userId !== user.id) {
    await ctx.db.insert(auditLog).values({
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'visa.pdf.view',
      targetUserId: guest.userId,
      details: { order_id: orderId, guest_id: guestId },
    });
  }
  return pdf;
}
