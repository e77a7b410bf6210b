// The quote/invoice panel of SPEC 2: heading, items, totals with the VAT per rate, validity and
// the payments table.
import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { INVOICE_MSG } from '@umrah/domain/validation/invoice';
import { AmountRow, EuroCell } from '../../components/Amounts';
import type { Invoice } from './api';

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
              <Table aria-label="Artikelen" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nr.</Table.Th>
                    <Table.Th>Naam</Table.Th>
                    <Table.Th ta="right">Prijs per stuk</Table.Th>
                    <Table.Th ta="right">Aantal</Table.Th>
                    <Table.Th ta="right">Btw</Table.Th>
                    <Table.Th ta="right">Totaal</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoice.items.map((item, i) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td>{item.label}</Table.Td>
                      <EuroCell cents={item.amount_in_cents} />
                      <Table.Td ta="right">{item.amount}</Table.Td>
                      <Table.Td ta="right">{item.btw_type}%</Table.Td>
                      <EuroCell cents={item.total} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
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
            <Table aria-label="Betalingen" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nr.</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Bedrag</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.payments.map((p, i) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>{p.type_text}</Table.Td>
                    <EuroCell cents={p.amount} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {actions}
      </Stack>
    </Paper>
  );
}
