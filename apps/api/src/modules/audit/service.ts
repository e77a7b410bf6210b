import { like } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditLog } from '../../db/schema.ts';
import { newestFirstPage } from '../../lib/paging.ts';
import { escapeLike } from '../../lib/sql.ts';

/** GET /api/admin/audit: a page of the audit log, newest first; `action` filters by its start ('user.', 'payment.delete'). */
export async function auditPage(ctx: AppContext, q: { action?: string; page: number; pageSize: number }) {
  const where = q.action ? like(auditLog.action, `${escapeLike(q.action)}%`) : undefined;
  const { rows, total } = await newestFirstPage(ctx.db, auditLog, where, q.page, q.pageSize);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      actor_user_id: r.actorUserId,
      actor_email: r.actorEmail,
      action: r.action,
      target_user_id: r.targetUserId,
      details: (r.details ?? {}) as Record<string, unknown>,
    })),
    total,
  };
}
