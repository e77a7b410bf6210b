// Admin 'Facturen/aanbetalingsbewijzen': the invoices and credit notes issued for orders, the
// documents of an order looked up by its number (invoice, down-payment proof, credit invoice,
// down-payment credit note), and the quotes and invoices with their PDFs.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { orderStatusLabels, type OrderStatus } from '@umrah/domain/enums';
import { availableOrderDocuments } from '@umrah/domain/documents';
import { formatEuro } from '@umrah/domain/money';
import { parseOrderNumber } from '@umrah/domain/order-number';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import type { Column } from '../../../components/admin-kit/DataTable';
import { actionsColumn } from '../../../components/admin-kit/RowActions';
import { errorMessage } from '../../../lib/notify';
import { OrderDocuments } from '../../orders';
import { AdminInvoiceTable } from './AdminInvoiceTable';
import { IssuedDocumentsTable } from './IssuedDocumentsTable';
import { downloadWithNotice, orderDocumentsQuery, type Invoice } from './api';
import { ExportForm } from '../exports';

function OrderLookup() {
  const [text, setText] = useState('');
  const [orderId, setOrderId] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);
  const order = useQuery(orderDocumentsQuery(orderId));
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
            setInvalid(id === null);
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
            {errorMessage(order.error, 'Bestelling niet gevonden.')}
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

const documentColumns: Column<Invoice>[] = [
  actionsColumn(
    (inv) => [
      { label: `${inv.type_label} (PDF)`, onClick: () => downloadWithNotice('/api/invoices_invoice/:id', inv.id) },
      {
        label: 'Aanbetalingsbewijs (PDF)',
        onClick: () => downloadWithNotice('/api/invoices_down/:id', inv.id),
        hidden: !(inv.total_payments > 0 && inv.amount_open > 0),
      },
    ],
    { header: 'Documenten', size: 'compact-sm', variant: 'default' },
  ),
];

export default function InvoicesTab() {
  return (
    <AdminTab title="Facturen/aanbetalingsbewijzen">
      <ExportForm kind="invoices" />
      <Stack gap="sm">
        <Title order={3} size="h4">
          Uitgegeven facturen en creditfacturen
        </Title>
        <Text size="sm" c="dimmed">
          Een factuur wordt één keer uitgegeven zodra een bestelling volledig is betaald, en blijft zoals hij is; een latere wijziging of annulering
          krijgt een creditfactuur.
        </Text>
        <IssuedDocumentsTable />
      </Stack>
      <OrderLookup />
      <Stack gap="sm">
        <Title order={3} size="h4">
          Offertes en facturen
        </Title>
        <AdminInvoiceTable
          label="Facturen"
          customer={(inv) => inv.user.email}
          columns={documentColumns}
          minWidth={720}
          empty="Er zijn nog geen offertes of facturen."
        />
      </Stack>
    </AdminTab>
  );
}
