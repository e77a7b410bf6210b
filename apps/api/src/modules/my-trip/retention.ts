import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { guestVisaFiles } from '../../db/schema.ts';
import { eraseWithNotes, guestsWhoseTripEndedBefore } from '../../lib/trip-ended.ts';

// The visa PDFs carry passport data: they go with the rest of the visa data, the given days after
// the trip's last day (visa/retention.ts runs this in its own transaction and lock).

/** Deletes the rows of visa PDFs whose trip ended before `cutoff`; returns the files to delete after the commit. */
export async function purgeExpiredVisaPdfs(tx: Tx, cutoff: string, days: number): Promise<string[]> {
  const due = await tx
    .select({ key: guestVisaFiles.guestId, orderId: guestVisaFiles.orderId, file: guestVisaFiles.fileKey })
    .from(guestVisaFiles)
    .where(inArray(guestVisaFiles.guestId, guestsWhoseTripEndedBefore(tx, cutoff)));
  if (due.length === 0) return [];
  await eraseWithNotes(
    tx,
    [guestVisaFiles, guestVisaFiles.guestId],
    due,
    (n) => `Visum (PDF) van ${n} reiziger(s) verwijderd: ${days} dagen na het einde van de reis (bewaartermijn).`,
  );
  return due.map((d) => d.file);
}
