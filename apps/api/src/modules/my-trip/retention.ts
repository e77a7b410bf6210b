import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { guestVisaFiles } from '../../db/schema.ts';
import { writeCountNotes } from '../../lib/order-log.ts';
import { guestsWhoseTripEndedBefore } from '../../lib/trip-ended.ts';

// The visa PDFs carry passport data: they go with the rest of the visa data, the given days after
// the trip's last day (visa/retention.ts runs this in its own transaction and lock).

/** Deletes the rows of visa PDFs whose trip ended before `cutoff`; returns the files to delete after the commit. */
export async function purgeExpiredVisaPdfs(tx: Tx, cutoff: string, days: number): Promise<string[]> {
  const due = await tx
    .select({ guestId: guestVisaFiles.guestId, orderId: guestVisaFiles.orderId, key: guestVisaFiles.fileKey })
    .from(guestVisaFiles)
    .where(inArray(guestVisaFiles.guestId, guestsWhoseTripEndedBefore(tx, cutoff)));
  if (due.length === 0) return [];
  await tx.delete(guestVisaFiles).where(
    inArray(
      guestVisaFiles.guestId,
      due.map((d) => d.guestId),
    ),
  );
  await writeCountNotes(
    tx,
    due.map((d) => d.orderId),
    (n) => `Visum (PDF) van ${n} reiziger(s) verwijderd: ${days} dagen na het einde van de reis (bewaartermijn).`,
  );
  return due.map((d) => d.key);
}
