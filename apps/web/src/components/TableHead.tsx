// The header row of a plain table: one cell per column title.
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((title, i) => (
          <Table.Th key={i}>{title}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
