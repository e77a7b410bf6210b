// Admin 'Maak offerte aan': the quotes and invoices made for customers (paginated, searchable),
// the add/edit modal, the public link and the PDF.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Pagination, ScrollArea, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import { EmptyState, LoadError } from '../../components/Feedback';
import { downloadWithNotice, fetchAdminInvoices, invoiceKeys, INVOICES_PAGE_SIZE, type Invoice } from '../invoices/api';
import { QuoteFormModal } from './QuoteFormModal';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue' };

export default function QuotesTab() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Invoice | 'new' | null>(null);

  const list = useQuery({
    queryKey: [...invoiceKeys.admin, q, page],
    queryFn: ({ signal }) => fetchAdminInvoices(q, page, signal),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / INVOICES_PAGE_SIZE)) : 1;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Maak offerte aan
        </Title>
        <Button onClick={() => setEditing('new')}>Offerte toevoegen</Button>
      </Group>
      <TextInput
        label="Zoeken"
        placeholder="Nummer, email of naam"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {list.isError ? (
        <LoadError />
      ) : list.isPending ? (
        <Stack gap="xs">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : list.data.invoices.length === 0 ? (
        <EmptyState>Er zijn nog geen offertes.</EmptyState>
      ) : (
        <ScrollArea type="auto">
          <Table striped highlightOnHover aria-label="Offertes en facturen" miw={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nummer</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Klant</Table.Th>
                <Table.Th ta="right">Totaal</Table.Th>
                <Table.Th ta="right">Betaald</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Geldig tot</Table.Th>
                <Table.Th>Acties</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.invoices.map((inv) => (
                <Table.Tr key={inv.id} data-invoice={inv.id}>
                  <Table.Td>FCU2{inv.id}</Table.Td>
                  <Table.Td>{inv.type_label}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{inv.user.email}</Text>
                    <Text size="xs" c="dimmed">
                      gebruiker {inv.user_id}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(inv.total_price)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(inv.total_payments)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[inv.status] ?? 'gray'} variant="light" tt="none">
                      {inv.status_label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(inv.expire_date)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Anchor href={`/offerte/${inv.token}`} target="_blank" rel="noopener" size="sm" aria-label={`Openbare pagina van FCU2${inv.id}`}>
                        Bekijken
                      </Anchor>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => navigator.clipboard?.writeText(`${window.location.origin}/offerte/${inv.token}`).then(
                          () => notifications.show({ color: 'green', message: 'Link gekopieerd.' }),
                          () => undefined,
                        )}
                      >
                        Link kopiëren
                      </Button>
                      <Button size="compact-sm" variant="default" disabled={inv.payments.length > 0} onClick={() => setEditing(inv)}>
                        Wijzigen
                      </Button>
                      <Button size="compact-sm" variant="default" onClick={() => downloadWithNotice(`/api/invoices_invoice/${inv.id}`)}>
                        PDF
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} aria-label="Pagina's" />}
      {editing && (
        <QuoteFormModal
          invoice={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: invoiceKeys.admin })}
        />
      )}
    </Stack>
  );
}
