// Admin 'Audit-log' (docs/records.md): who changed what and when (users and their roles, vouchers, products,
// payments, 'log in as', downloads), with the changed fields before and after; paged, newest first.
import { Code, Text } from '@mantine/core';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { AUDIT_PAGE_SIZE, auditQuery, type AuditEntry } from './api';

const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

/** 'users #12' from the details, when the entry is about one row. */
function subject(e: AuditEntry): string {
  const { table, id } = e.details as { table?: unknown; id?: unknown };
  if (typeof table === 'string' && typeof id === 'number') return `${table} #${id}`;
  return e.target_user_id !== null ? `gebruiker #${e.target_user_id}` : '-';
}

/** The fields of one side, compact; '-' when that side is empty (a create has no before). */
function Side({ value }: { value: unknown }) {
  if (value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0)) return <Text size="sm">-</Text>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: 320 }}>
      {JSON.stringify(value, null, 1)}
    </Code>
  );
}

export default function AuditTab() {
  const list = usePagedSearch({ query: auditQuery, rows: (d) => d.entries, total: (d) => d.total, pageSize: AUDIT_PAGE_SIZE, trim: true });
  const columns: Column<AuditEntry>[] = [
    { key: 'date', header: 'Wanneer', cell: (e) => formatDateTime(e.created_at) },
    {
      key: 'actor',
      header: 'Wie',
      cell: (e) => {
        const acting = (e.details as { acting_admin_id?: unknown }).acting_admin_id;
        return (
          <>
            <Text size="sm">{e.actor_email}</Text>
            {typeof acting === 'number' && (
              <Text size="xs" c="dimmed">
                via 'inloggen als' door beheerder #{acting}
              </Text>
            )}
          </>
        );
      },
    },
    { key: 'action', header: 'Actie', cell: (e) => e.action },
    { key: 'subject', header: 'Wat', cell: subject },
    { key: 'before', header: 'Ervoor', cell: (e) => <Side value={(e.details as { before?: unknown }).before} /> },
    { key: 'after', header: 'Erna', cell: (e) => <Side value={(e.details as { after?: unknown }).after ?? detailsRest(e)} /> },
  ];
  return (
    <AdminTab title="Audit-log">
      <DataTable
        {...list.table}
        searchBox={{ label: 'Filter op actie', placeholder: 'bijv. user. of payment.delete', maw: 320 }}
        label="Audit-log"
        columns={columns}
        rowKey={(e) => e.id}
        minWidth={980}
        empty="Er zijn nog geen wijzigingen vastgelegd."
        count={['regel', 'regels']}
      />
    </AdminTab>
  );
}

/** For entries without before/after (a 'log in as', a download): their other details. */
function detailsRest(e: AuditEntry): unknown {
  const { before: _b, after: _a, table: _t, id: _i, acting_admin_id: _x, ...rest } = e.details as Record<string, unknown>;
  return 'before' in e.details ? null : rest;
}
