// The quote/invoice panel of docs/RULES.md, 'Screens': heading, items, totals with the VAT per rate, validity and
// the payments table.
import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { INVOICE_MSG } from '@umrah/domain/validation/invoice';
import { AmountRow, AmountsTable, type AmountsColumn } from '../../components/Amounts';
import type { Invoice, InvoiceItem, InvoicePayment } from './api';

const numberColumn = { header: 'Nr.', cell: (_row: unknown, i: number) => i + 1 };
const ITEM_COLUMNS: AmountsColumn<InvoiceItem>[] = [
  numberColumn,
  { header: 'Naam', cell: (item) => item.label },
  { header: 'Prijs per stuk', cents: (item) => item.amount_in_cents },
  { header: 'Aantal', cell: (item) => item.amount, right: true },
  { header: 'Btw', cell: (item) => `${item.btw_type}%`, right: true },
  { header: 'Totaal', cents: (item) => item.total },
];
const PAYMENT_COLUMNS: AmountsColumn<InvoicePayment>[] = [
  numberColumn,
  { header: 'Type', cell: (p) => p.type_text },
  { header: 'Bedrag', cents: (p) => p.amount },
];

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue' };

export function QuotePanel({ invoice, actions }: { invoice: Invoice; actions?: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={1} size="h2">
              {invoice.heading}
            </Title>
            <Text c="dimmed" size="sm">
              Voor {invoice.user.first_name} {invoice.user.last_name}
            </Text>
          </Stack>
          <Badge
            color={invoice.expired && invoice.amount_open > 0 ? 'gray' : (STATUS_COLOR[invoice.status] ?? 'gray')}
            variant="light"
            tt="none"
            size="lg"
            data-testid="quote-status"
          >
            {invoice.expired && invoice.amount_open > 0 ? 'Verlopen' : invoice.status_label}
          </Badge>
        </Group>
        <Text>
          Nummer: <strong>{invoice.id}</strong> · Geldig tot: <strong data-testid="quote-valid-until">{formatDate(invoice.expire_date)}</strong>
        </Text>

        {invoice.items.length === 0 ? (
          <Text c="dimmed">{INVOICE_MSG.noItems}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={480}>
              <AmountsTable aria-label="Artikelen" verticalSpacing="xs" rows={invoice.items} columns={ITEM_COLUMNS} />
            </Table.ScrollContainer>
            <Stack gap={4} maw={380} w="100%" ml="auto">
              <AmountRow label="Totaal excl. btw" value={invoice.totals.excl} testId="quote-total-excl" />
              {invoice.totals.breakdown.map((r) => (
                <AmountRow key={r.rate} label={`Btw ${r.rate}%`} value={r.vat} testId={`quote-vat-${r.rate}`} />
              ))}
              <AmountRow label="Totaal incl. btw" value={invoice.totals.incl} strong testId="quote-total-incl" />
              {invoice.total_payments > 0 && (
                <>
                  <AmountRow label="Betaald" value={invoice.total_payments} />
                  <AmountRow label="Openstaand" value={invoice.amount_open} testId="quote-open" />
                </>
              )}
            </Stack>
          </>
        )}

        {invoice.payments.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h4">
              Betalingen
            </Title>
            <AmountsTable aria-label="Betalingen" verticalSpacing="xs" rows={invoice.payments} columns={PAYMENT_COLUMNS} />
          </Stack>
        )}
        {actions}
      </Stack>
    </Paper>
  );
}
