// Money in the order, cart and quote screens: an amount cell of a table, a 'label ... amount' row,
// a priced line's text ('2 × Kamer') and the tables of priced lines.
import type { ReactNode } from 'react';
import { Group, Table, Text, type MantineColor, type MantineSize, type TableProps } from '@mantine/core';
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

/** A column of an AmountsTable: an amount in cents (right-aligned euros) or any cell content. */
export type AmountsColumn<T> =
  { header: string; cents: (row: T) => number } | { header: string; cell: (row: T, index: number) => ReactNode; right?: boolean };

/** A table of rows with euro amounts, with an optional 'Totaal' row under the last column. */
export function AmountsTable<T extends { id: number | string }>({
  rows,
  columns,
  total,
  ...tableProps
}: { rows: T[]; columns: AmountsColumn<T>[]; total?: number } & Omit<TableProps, 'children'>) {
  return (
    <Table {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((col) => (
            <Table.Th key={col.header} ta={'cents' in col || col.right ? 'right' : undefined}>
              {col.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={row.id}>
            {columns.map((col) =>
              'cents' in col ? (
                <EuroCell key={col.header} cents={col.cents(row)} />
              ) : (
                <Table.Td key={col.header} ta={col.right ? 'right' : undefined}>
                  {col.cell(row, i)}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {total !== undefined && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={columns.length - 1}>Totaal</Table.Th>
            <Table.Th ta="right" style={noWrap}>
              {formatEuro(total)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}

type OrderLine = { id: number; label: string; quantity: number; unit_price: number; total: number };

/** An order's priced lines ('Regels van bestelling FCU2…'), with the unit price for the admin. */
export function OrderLinesTable({
  order,
  unitPrice,
  withTotal,
  ...tableProps
}: {
  order: { order_number: string; lines: OrderLine[]; total_price: number };
  unitPrice?: boolean;
  withTotal?: boolean;
} & Omit<TableProps, 'children'>) {
  const columns: AmountsColumn<OrderLine>[] = [
    { header: 'Omschrijving', cell: (l) => l.label },
    { header: 'Aantal', cell: (l) => l.quantity, right: true },
    ...(unitPrice ? [{ header: 'Prijs', cents: (l: OrderLine) => l.unit_price }] : []),
    { header: 'Bedrag', cents: (l) => l.total },
  ];
  return (
    <AmountsTable
      aria-label={`Regels van bestelling ${order.order_number}`}
      verticalSpacing={4}
      {...tableProps}
      rows={order.lines}
      columns={columns}
      total={withTotal ? order.total_price : undefined}
    />
  );
}
