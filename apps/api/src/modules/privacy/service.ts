import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditLog, guestVisaFiles, orderLogs, orders, passwordResets, users, visaDocuments } from '../../db/schema.ts';
import type { UserRow } from '../../lib/auth.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { ownInvoices } from '../invoices/service.ts';
import { revokeAllSessions } from '../auth/index.ts';
import { ownOrders } from '../orders/service.ts';
import { toUserDto } from '../users/index.ts';
import { deleteFiles, openSealed } from '../visa/service.ts';
import { eraseFromOtherTables } from './erase.ts';
import { LogType, Role } from '@umrah/domain';

export const PRIVACY_MSG = {
  passwordNeeded: 'Voer je wachtwoord in om je account te verwijderen.',
  wrongPassword: 'Het wachtwoord klopt niet.',
  staffNotSelf: 'Een medewerkersaccount kan zichzelf niet verwijderen. Neem contact op met een beheerder.',
  deleted: 'Je account is verwijderd. Je bestellingen blijven voor de boekhouding bewaard, zonder je persoonsgegevens.',
} as const;

/**
 * The tables that keep a deleted customer's name and address: the issued invoices, which the law
 * requires for 7 years (as the privacy page says). Nothing else keeps any personal data.
 */
export const KEPT_FOR_BOOKKEEPING = ['issued_invoices'] as const;

/** GET /api/user/export: everything the shop keeps about the caller, as the privacy page promises. */
export async function exportOwnData(ctx: AppContext, user: UserRow) {
  const [ordersList, invoicesList, docs] = await Promise.all([
    ownOrders(ctx, { user }),
    ownInvoices(ctx, user),
    ctx.db
      .select({ doc: visaDocuments })
      .from(visaDocuments)
      .innerJoin(orders, eq(orders.id, visaDocuments.orderId))
      .where(eq(orders.userId, user.id)),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: toUserDto(user),
    orders: ordersList,
    invoices: invoicesList,
    // The customer's own passport data, opened for them (the photos are downloadable per guest).
    visa_documents: docs.map(({ doc }) => ({
      guest_id: doc.guestId,
      order_id: doc.orderId,
      first_name: doc.firstName,
      last_name: doc.lastName,
      gender: doc.gender,
      nationality: doc.nationality,
      city_of_country: doc.cityOfCountry,
      ...openSealed(ctx, doc),
      has_photo: doc.photoKey !== null,
      submitted_at: doc.createdAt.toISOString(),
    })),
  };
}

/**
 * DELETE /api/user: the customer removes their account. Orders, payments and invoices stay (the
 * 7-year bookkeeping duty), but every personal field is replaced, here and in every other table
 * (erase.ts) but KEPT_FOR_BOOKKEEPING; passport data and photos are deleted, and every session
 * ends. The email becomes free to register again.
 */
export async function deleteOwnAccount(ctx: AppContext, user: UserRow, password: string | undefined) {
  if (user.role !== Role.USER) throw new AppError(403, PRIVACY_MSG.staffNotSelf, 'Forbidden');
  if (!password) throw badRequest(PRIVACY_MSG.passwordNeeded);
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(PRIVACY_MSG.wrongPassword);
  // A hash of a random password nobody knows: the account can never be logged into again.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const photoKeys = await ctx.db.transaction(async (tx) => {
    const own = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id));
    const photos = await tx
      .select({ key: visaDocuments.photoKey })
      .from(visaDocuments)
      .where(and(inArray(visaDocuments.orderId, own), isNotNull(visaDocuments.photoKey)));
    await tx.delete(visaDocuments).where(inArray(visaDocuments.orderId, own));
    // The visa PDFs staff uploaded for their guests ('Mijn reis') carry passport data too.
    const visaPdfs = await tx.select({ key: guestVisaFiles.fileKey }).from(guestVisaFiles).where(inArray(guestVisaFiles.orderId, own));
    await tx.delete(guestVisaFiles).where(inArray(guestVisaFiles.orderId, own));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    // Every copy of their data in other tables (logs, mails, guests, lines, requests, audit, answers).
    await eraseFromOtherTables(
      tx,
      user,
      (await own).map((o) => o.id),
    );
    await tx
      .update(users)
      .set({
        email: `verwijderd-${user.id}@anoniem.invalid`,
        passwordHash: unusable,
        firstName: 'Verwijderd',
        lastName: 'account',
        dateOfBirth: null,
        nationality: '',
        phoneNumber: '',
        address: '',
        zip: '',
        city: '',
        country: '',
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
    const orderIds = (await own).map((o) => o.id);
    if (orderIds.length) {
      await tx.insert(orderLogs).values(
        orderIds.map((orderId) => ({
          orderId,
          type: LogType.NOTE,
          message: 'Klant heeft het account verwijderd; persoonsgegevens geanonimiseerd.',
          userExecutedMail: null,
        })),
      );
    }
    await tx.insert(auditLog).values({
      actorUserId: user.id,
      actorEmail: `user-${user.id}`,
      action: 'user.self_delete',
      targetUserId: user.id,
      details: { orders: orderIds.length },
    });
    return [...photos.map((p) => p.key!), ...visaPdfs.map((p) => p.key)];
  });
  // Files go after the commit: a failed delete leaves an unreadable (encrypted, unreferenced) file, never a lost record.
  await deleteFiles(ctx, photoKeys);
}
