import { desc } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { visaDocuments } from '../../db/schema.ts';
import { SealError, type Sealer } from '../../infra/crypto/index.ts';
import { visaContext } from './service.ts';

// A start with a valid but different VISA_ENCRYPTION_KEY used to go unnoticed until every read of
// passport data answered 500. The newest sealed record names the key that sealed it: a start whose
// keys cannot open it refuses, naming the key id it needs.

export class VisaKeyMismatch extends Error {}

/** Throws VisaKeyMismatch when the configured keys cannot open the newest sealed visa record. */
export async function checkVisaKeys(db: Db, sealer: Sealer): Promise<void> {
  const [newest] = await db
    .select({ id: visaDocuments.id, guestId: visaDocuments.guestId, sealed: visaDocuments.sealed })
    .from(visaDocuments)
    .orderBy(desc(visaDocuments.id))
    .limit(1);
  if (!newest) return;
  let needed: string;
  try {
    needed = sealer.envelopeKeyId(newest.sealed);
  } catch {
    throw new VisaKeyMismatch(`The newest sealed visa record (visa_documents id ${newest.id}) is not an envelope this version can read.`);
  }
  const refuse = (why: string) =>
    new VisaKeyMismatch(
      `VISA_ENCRYPTION_KEY does not fit the stored passport data: the newest sealed visa record (visa_documents id ${newest.id}) ` +
        `needs the key with id ${needed}, ${why} (configured key ids: ${sealer.keyIds.join(', ')}). ` +
        `Set VISA_ENCRYPTION_KEY to that key, or add it to VISA_ENCRYPTION_PREVIOUS_KEYS while rotating (npm run visa:reencrypt -w apps/api).`,
    );
  if (!sealer.keyIds.includes(needed)) throw refuse('which none of the configured keys has');
  try {
    sealer.open(newest.sealed, visaContext(newest.guestId));
  } catch (err) {
    if (err instanceof SealError) throw refuse('and it does not open with the configured key of that id');
    throw err;
  }
}
