// The admin's audit log (docs/records.md): GET /api/admin/audit, newest first, filtered by the start of the action.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { pagedListKeys } from '../../../components/admin-kit/usePagedSearch';

export type { AuditEntry } from '@umrah/domain/contracts';

export const AUDIT_PAGE_SIZE = 25;

export const auditKeys = pagedListKeys(['admin', 'audit']);

export const auditQuery = (action: string, page: number) =>
  queryOptions({
    queryKey: auditKeys.list(action, page),
    queryFn: ({ signal }) => apiGet('/api/admin/audit', { query: { action: action || undefined, page, pageSize: AUDIT_PAGE_SIZE }, signal }),
  });
