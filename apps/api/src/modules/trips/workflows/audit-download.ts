import type { DbOrTx } from '../../../db/index.ts';
import { auditLog } from '../../../db/schema.ts';
import type { Actor } from './load-trip.ts';

/** Every download of passport data or a rooming list is written down: who, when, which trip. */
export async function auditDownload(db: DbOrTx, actor: Actor, action: string, details: Record<string, unknown>) {
  await db.insert(auditLog).values({ actorUserId: actor.user.id, actorEmail: actor.user.email, action, details });
}
