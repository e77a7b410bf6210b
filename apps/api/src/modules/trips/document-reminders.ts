import { TRIP_MSG } from '@umrah/domain';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../lib/auth.ts';
import { conflict } from '../../lib/errors.ts';
import { sendDocumentReminderEach, type DocumentStep } from '../reminders/index.ts';
import { ordersMissingDocuments } from './service.ts';

/** The document reminder to every order of the trip with a guest whose documents are missing; 409 when none is. */
export async function remindMissingDocuments(ctx: AppContext, admin: UserRow, startDate: string, step: number) {
  const ids = await ordersMissingDocuments(ctx, startDate);
  if (ids.length === 0) throw conflict(TRIP_MSG.allDocumentsIn);
  return sendDocumentReminderEach(ctx, admin, ids, step as DocumentStep);
}
