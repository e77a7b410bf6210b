import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatEuro } from '@umrah/domain/money';

/** The totals above the 'Openstaand' list: orders, their total, what is paid and what is open. */
export function OpenTotals({ totals }: { totals: { orders: number; total_price: number; total_payments: number; amount_open: number } }) {
  const items: [string, string][] = [
    ['Bestellingen', String(totals.orders)],
    ['Totaal', formatEuro(totals.total_price)],
    ['Betaald', formatEuro(totals.total_payments)],
    ['Openstaand', formatEuro(totals.amount_open)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} aria-label="Totalen openstaand">
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="xs" radius="md">
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} data-testid={`open-total-${label.toLowerCase()}`}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
