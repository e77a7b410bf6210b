// A list of labelled details (a user's name, email, address...) as a description list in two columns.
import { SimpleGrid, Text } from '@mantine/core';

export function DetailsList({ rows, label }: { rows: readonly (readonly [string, string])[]; label?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0} aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <Text component="dt" size="sm" c="dimmed">
            {name}
          </Text>
          <Text component="dd" m={0} data-field={name}>
            {value.trim() || '-'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
