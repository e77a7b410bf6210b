// Cards in a responsive grid, or the sentence to show when there are none (orders of a trip, team
// members).
import type { ReactNode } from 'react';
import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { EmptyState } from './Feedback';

export function CardGrid<T>({
  items,
  empty,
  card,
  ...grid
}: { items: readonly T[]; empty: ReactNode; card: (item: T) => ReactNode } & Omit<SimpleGridProps, 'children'>) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <SimpleGrid {...grid}>{items.map(card)}</SimpleGrid>;
}
