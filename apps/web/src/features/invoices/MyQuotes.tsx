// 'Mijn bestellingen', the part for quotes (docs/RULES.md, 'Screens': orders from quotes, if any): the customer's own
// quotes and invoices with their status, the link to the quote page and the PDF. Shows nothing
// when the customer has none.
import { Anchor, Badge, Group, Paper, Stack, Text, Title, Button } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import { Link } from 'react-router';
import { downloadWithNotice, useOwnInvoices } from './api';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue' };

export function MyQuotes() {
  const quotes = useOwnInvoices();
  if (!quotes.data || quotes.data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Offertes en facturen
      </Title>
      {quotes.data.map((q) => (
        <Paper key={q.id} withBorder p="sm" data-quote={q.id}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm">
              <Text fw={700}>{q.heading}</Text>
              <Badge color={STATUS_COLOR[q.status] ?? 'gray'} variant="light" tt="none">
                {q.status_label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {formatEuro(q.total_price)} · geldig tot {formatDate(q.expire_date)}
            </Text>
          </Group>
          <Group gap="xs" mt="xs">
            <Anchor component={Link} to={`/offerte/${q.token}`} size="sm">
              {q.payable ? 'Bekijken en betalen' : 'Bekijken'}
            </Anchor>
            <Button variant="default" size="xs" onClick={() => downloadWithNotice('/api/invoices_invoice/:id', q.id)}>
              {q.type_label} (PDF)
            </Button>
            {q.total_payments > 0 && q.amount_open > 0 && (
              <Button variant="default" size="xs" onClick={() => downloadWithNotice('/api/invoices_down/:id', q.id)}>
                Aanbetalingsbewijs (PDF)
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
