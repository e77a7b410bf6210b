import { count, desc, like } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditLog } from '../../db/schema.ts';
import { escapeLike } from '../../lib/sql.ts';

/** GET /api/admin/audit: a page of the audit log, newest first; `action` filters by its start ('user.', 'payment.delete'). */
export async function auditPage(ctx: AppContext, q: { action?: string; page: number; pageSize: number }) {
  const where = q.action ? like(auditLog.action, `${escapeLike(q.action)}%`) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.select({ total: count() }).from(auditLog).where(where),
  ]);
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
