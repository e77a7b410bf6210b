import { inArray } from 'drizzle-orm';
import { ageCategoryLabels, type AgeCategory } from '@umrah/domain';
import { visaDocuments } from '../../db/schema.ts';
import { openSealed, type SealedVisa } from '../visa/service.ts';
import type { Ctx, LoadedTrip, TripGuest } from './service.ts';

// What every trip download shares: the answer's shape, the labels and the passengers with their
// passport data (downloads.ts lists the downloads).

export interface Download<T = Buffer> {
  filename: string;
  contentType: string;
  body: T;
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const genderLabel = (g: number | null | undefined) => (g === 0 ? 'Man' : g === 1 ? 'Vrouw' : '-');
export const ageLabel = (a: number | null | undefined) => ageCategoryLabels[a as AgeCategory] ?? '-';

export interface Passenger {
  guest: TripGuest;
  firstName: string;
  lastName: string;
  gender: number | null;
  secret: SealedVisa | null;
  nationality: string;
}

export async function passengers(ctx: Ctx, trip: LoadedTrip): Promise<Passenger[]> {
  const list = [...trip.guestById.values()].sort((a, b) => a.orderId - b.orderId || a.roomId - b.roomId || a.row.id - b.row.id);
  const docs = list.length
    ? await ctx.db
        .select()
        .from(visaDocuments)
        .where(
          inArray(
            visaDocuments.guestId,
            list.map((g) => g.row.id),
          ),
        )
    : [];
  const docOf = new Map(docs.map((d) => [d.guestId, d]));
  return list.map((guest) => {
    const doc = docOf.get(guest.row.id);
    return {
      guest,
      firstName: doc?.firstName ?? guest.row.firstName,
      lastName: doc?.lastName ?? guest.row.lastName,
      gender: doc?.gender ?? guest.gender,
      secret: doc ? openSealed(ctx, doc) : null,
      nationality: doc?.nationality ?? '',
    };
  });
}
