// Admin 'Facturen/aanbetalingsbewijzen': the documents of an order looked up by its number
// (invoice, down-payment proof, credit invoice, down-payment credit note), and the quotes and
// invoices with their PDFs.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Pagination, Paper, ScrollArea, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderStatusLabels, type OrderStatus } from '@umrah/domain/enums';
import { availableOrderDocuments } from '@umrah/domain/documents';
import { formatEuro } from '@umrah/domain/money';
import { EmptyState, LoadError } from '../../components/Feedback';
import { ApiError, apiGet } from '../../lib/api';
import { downloadWithNotice, fetchAdminInvoices, invoiceKeys, INVOICES_PAGE_SIZE } from '../invoices/api';
import { OrderDocuments } from '../orders/OrderDocuments';
import { ExportForm } from './ExportForm';

interface OrderSummary {
  id: number;
  order_number: string;
  status: number;
  total_price: number;
  total_payments: number;
  user: { email: string; first_name: string; last_name: string };
}

/** 'FCU2123' or '123' → 123. */
const parseOrderNumber = (text: string) => {
  const m = /^(?:fcu2)?(\d{1,9})$/i.exec(text.replace(/\s+/g, ''));
  return m ? Number(m[1]) : undefined;
};

function OrderLookup() {
  const [text, setText] = useState('');
  const [orderId, setOrderId] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);
  const order = useQuery({
    queryKey: ['admin', 'order-documents', orderId],
    queryFn: ({ signal }) => apiGet<{ order: OrderSummary }>(`/api/order/${orderId}`, undefined, signal).then((r) => r.order),
    enabled: orderId !== null,
    retry: false,
  });
  const o = order.data;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Documenten van een bestelling
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const id = parseOrderNumber(text);
            setInvalid(id === undefined);
            setOrderId(id ?? null);
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Bestelnummer"
              placeholder="FCU2123"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={invalid ? 'Vul een bestelnummer in, bijvoorbeeld FCU2123.' : undefined}
            />
            <Button type="submit">Zoeken</Button>
          </Group>
        </form>
        {order.isError && (
          <Alert color="red" role="alert">
            {order.error instanceof ApiError ? order.error.message : 'Bestelling niet gevonden.'}
          </Alert>
        )}
        {o && (
          <Stack gap="xs">
            <Group gap="xs">
              <Text>
                <strong>{o.order_number}</strong> · {o.user.first_name} {o.user.last_name} ({o.user.email})
              </Text>
              <Badge variant="light" tt="none">
                {orderStatusLabels[o.status as OrderStatus] ?? o.status}
              </Badge>
            </Group>
            <Text size="sm">
              Totaal {formatEuro(o.total_price)} · betaald {formatEuro(o.total_payments)}
            </Text>
            {availableOrderDocuments({ status: o.status, total: o.total_price, paid: o.total_payments }).length === 0 ? (
              <Text c="dimmed" size="sm">
                Voor deze bestelling is nog geen document: er is nog niets betaald.
              </Text>
            ) : (
              <OrderDocuments order={o} withCredit />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function InvoiceList() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...invoiceKeys.admin, q, page],
    queryFn: ({ signal }) => fetchAdminInvoices(q, page, signal),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / INVOICES_PAGE_SIZE)) : 1;

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Offertes en facturen
      </Title>
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
        <Skeleton height={72} />
      ) : list.data.invoices.length === 0 ? (
        <EmptyState>Er zijn nog geen offertes of facturen.</EmptyState>
      ) : (
        <ScrollArea type="auto">
          <Table striped aria-label="Facturen" miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nummer</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Klant</Table.Th>
                <Table.Th ta="right">Totaal</Table.Th>
                <Table.Th ta="right">Betaald</Table.Th>
                <Table.Th>Documenten</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.invoices.map((inv) => (
                <Table.Tr key={inv.id}>
                  <Table.Td>FCU2{inv.id}</Table.Td>
                  <Table.Td>{inv.type_label}</Table.Td>
                  <Table.Td>{inv.user.email}</Table.Td>
                  <Table.Td ta="right">{formatEuro(inv.total_price)}</Table.Td>
                  <Table.Td ta="right">{formatEuro(inv.total_payments)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => downloadWithNotice(`/api/invoices_invoice/${inv.id}`)}>
                        {inv.type_label} (PDF)
                      </Button>
                      {inv.total_payments > 0 && inv.amount_open > 0 && (
                        <Button size="compact-sm" variant="default" onClick={() => downloadWithNotice(`/api/invoices_down/${inv.id}`)}>
                          Aanbetalingsbewijs (PDF)
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} aria-label="Pagina's" />}
    </Stack>
  );
}

export default function InvoicesTab() {
  return (
    <Stack>
      <Title order={2} size="h3">
        Facturen/aanbetalingsbewijzen
      </Title>
      <ExportForm kind="invoices" />
      <OrderLookup />
      <InvoiceList />
    </Stack>
  );
}
