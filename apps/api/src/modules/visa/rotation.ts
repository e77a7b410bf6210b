import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { visaDocuments } from '../../db/schema.ts';
import { photoContext, visaContext } from './service.ts';

// Key rotation: set the new key as VISA_ENCRYPTION_KEY, move the old one to
// VISA_ENCRYPTION_PREVIOUS_KEYS, run `npm run visa:reencrypt`, then drop the old key. Until then
// both keys open data, because every envelope names its key.

type Ctx = Pick<AppContext, 'db' | 'sealer' | 'files'>;

export interface ReencryptResult {
  rows: number;
  photos: number;
  failed: { id: number; error: string }[];
}

/**
 * Re-seals every visa row (and its photo) that another key sealed, one row per transaction with the
 * row locked. The photo is rewritten first: should the row update then fail, the photo already opens
 * with the current key and the next run only redoes the row. Safe to run again at any time.
 */
export async function reencryptVisaData(ctx: Ctx, opts: { batchSize?: number } = {}): Promise<ReencryptResult> {
  const batchSize = opts.batchSize ?? 100;
  const result: ReencryptResult = { rows: 0, photos: 0, failed: [] };
  let after = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ id: visaDocuments.id })
      .from(visaDocuments)
      .where(and(ne(visaDocuments.keyId, ctx.sealer.keyId), gt(visaDocuments.id, after)))
      .orderBy(asc(visaDocuments.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const { id } of batch) {
      after = id;
      try {
        const photo = await ctx.db.transaction(async (tx) => {
          const [row] = await tx.select().from(visaDocuments).where(eq(visaDocuments.id, id)).for('update');
          if (!row || row.keyId === ctx.sealer.keyId) return null;
          let photoDone = false;
          if (row.photoKey) {
            const stored = await ctx.files.get(row.photoKey);
            if (stored && ctx.sealer.envelopeKeyId(stored) !== ctx.sealer.keyId) {
              const context = photoContext(row.photoKey);
              await ctx.files.put(row.photoKey, ctx.sealer.sealBytes(ctx.sealer.openBytes(stored, context), context));
              photoDone = true;
            }
          }
          const plain = ctx.sealer.open(row.sealed, visaContext(row.guestId));
          await tx
            .update(visaDocuments)
            .set({ sealed: ctx.sealer.seal(plain, visaContext(row.guestId)), keyId: ctx.sealer.keyId })
            .where(eq(visaDocuments.id, id));
          return photoDone;
        });
        if (photo === null) continue;
        result.rows++;
        if (photo) result.photos++;
      } catch (err) {
        // Typically an old key missing from VISA_ENCRYPTION_PREVIOUS_KEYS; the other rows go on.
        result.failed.push({ id, error: (err as Error).message });
      }
    }
  }
  return result;
}
