// Money in the order, cart and quote screens: an amount cell of a table, a 'label ... amount' row,
// and a priced line's text ('2 × Kamer').
import { Group, Table, Text, type MantineColor, type MantineSize } from '@mantine/core';
import { formatEuro } from '@umrah/domain/money';

const noWrap = { whiteSpace: 'nowrap' } as const;

/** A right-aligned euro amount (cents) in a table row, never broken over two lines. */
export function EuroCell({ cents, c }: { cents: number; c?: MantineColor }) {
  return (
    <Table.Td ta="right" style={noWrap} c={c}>
      {formatEuro(cents)}
    </Table.Td>
  );
}

/** 'Totaal ........ € 1.234,00': a label and its amount (or other text) on one line. */
export function AmountRow({
  label,
  value,
  strong,
  size,
  c,
  valueColor,
  testId,
}: {
  label: string;
  /** cents, or a text shown as it is */
  value: number | string;
  strong?: boolean;
  size?: MantineSize;
  c?: MantineColor;
  valueColor?: MantineColor;
  testId?: string;
}) {
  const fw = strong ? 700 : undefined;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={fw} size={size} c={c}>
        {label}
      </Text>
      <Text fw={fw} size={size} c={valueColor ?? c} data-testid={testId} style={noWrap}>
        {typeof value === 'number' ? formatEuro(value) : value}
      </Text>
    </Group>
  );
}

/** A priced line's text: the quantity in front when there is more than one. */
export const lineLabel = (l: { quantity: number; label: string }) => `${l.quantity > 1 ? `${l.quantity} × ` : ''}${l.label}`;
