import { Badge, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { Trip } from '@umrah/domain/catalog';
import { formatDate, hijriMonthName } from '@umrah/domain/dates';
import classes from './catalog.module.css';

const DAY_MS = 86_400_000;
export const tripDays = (t: Pick<Trip, 'start' | 'end'>) => Math.round((Date.parse(t.end) - Date.parse(t.start)) / DAY_MS) + 1;

/** The trips of the chosen month, one per start and end date. */
export function TripList({ trips, selected, onSelect }: { trips: Trip[]; selected: string | null; onSelect: (key: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" role="list" aria-label="Reizen">
      {trips.map((trip) => (
        <div role="listitem" key={trip.key}>
          <UnstyledButton
            className={classes.tile}
            data-testid={`reis-${trip.key}`}
            data-active={selected === trip.key || undefined}
            aria-pressed={selected === trip.key}
            onClick={() => onSelect(trip.key)}
            w="100%"
          >
            <Text fw={700}>
              {formatDate(trip.start)} t/m {formatDate(trip.end)}
            </Text>
            <Text size="sm" c="dimmed">
              {tripDays(trip)} dagen · vertrek in {hijriMonthName(trip.start)}
            </Text>
            <Group gap={6} mt="auto">
              {trip.stock === 0 ? (
                <Badge color="red" variant="light">
                  Uitverkocht!
                </Badge>
              ) : (
                trip.classes.map((c) => (
                  <Badge key={c} variant="light">
                    {c === 0 ? 'Firstclass' : 'Premiumclass'}
                  </Badge>
                ))
              )}
            </Group>
          </UnstyledButton>
        </div>
      ))}
    </SimpleGrid>
  );
}
