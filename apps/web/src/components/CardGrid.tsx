// Cards in a responsive grid, or the sentence to show when there are none (orders of a trip, team
// members, articles); the public pages' wide spacing unless told otherwise.
import type { ReactNode } from 'react';
import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { EmptyState } from './Feedback';

export function CardGrid<T>({
  items,
  empty,
  card,
  spacing = 'lg',
  ...grid
}: { items: readonly T[]; empty: ReactNode; card: (item: T) => ReactNode } & Omit<SimpleGridProps, 'children'>) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <SimpleGrid spacing={spacing} {...grid}>
      {items.map(card)}
    </SimpleGrid>
  );
}
