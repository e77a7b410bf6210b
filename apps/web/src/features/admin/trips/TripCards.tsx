// The trips of 'Reisoverzichten': one card per trip (start date) with the month's background, the
// region's flag, the label, the year and how many places are booked. A card is a link to the trip.
import type { CSSProperties } from 'react';
import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { amsterdamDate, formatDate } from '@umrah/domain/dates';
import { Link } from 'react-router';
import { must } from '@umrah/domain/must';
import { EmptyState, LoadError } from '../../../components/Feedback';
import { tripsQuery, type TripSummary } from './api';
import { Flags, regionName, tripRegions } from './Flag';
import classes from './trips.module.css';

const MONTHS = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

/** One background per calendar month: winter blues, spring greens, summer warm, autumn browns. */
const MONTH_COLORS: readonly (readonly [string, string])[] = [
  ['#1c3d6e', '#2f5d8a'],
  ['#2c3e75', '#4a4f8f'],
  ['#1f5e4a', '#2f7a5c'],
  ['#2d6a2f', '#3f7d2a'],
  ['#5b6b12', '#6b7418'],
  ['#8a4b08', '#9c5a0c'],
  ['#a33a0f', '#9e3a1c'],
  ['#9b2c2c', '#8a2450'],
  ['#7a3b12', '#6e4a1a'],
  ['#6b3a1e', '#5c2e3d'],
  ['#4a2f5e', '#3c3470'],
  ['#1d2f50', '#24476b'],
];

/** The card band's background of a month, 1-12 (the CSS var its pattern is drawn over). */
const monthBackground = (month: number): CSSProperties => {
  const [from, to] = MONTH_COLORS[(month - 1 + 12) % 12] ?? must(MONTH_COLORS[0], 'twelve month colours');
  return { '--month-bg': `linear-gradient(135deg, ${from}, ${to})` } as CSSProperties;
};

/** Dutch name of a month, 1-12. */
export const monthName = (month: number) => MONTHS[(month - 1 + 12) % 12] ?? '';
/** 1-12 from a 'YYYY-MM-DD' start date (the card's month background and name). */
export const monthOf = (start: string) => Number(start.slice(5, 7));
export const showDate = (iso: string | null) => formatDate(iso);
export const tripHref = (start: string) => `?tab=reisoverzichten&reis=${encodeURIComponent(start)}`;

export function TripCard({ trip }: { trip: TripSummary }) {
  const month = monthOf(trip.start_date);
  const regions = tripRegions(trip);
  const share = trip.places > 0 ? Math.min(100, Math.round((trip.guests_booked / trip.places) * 100)) : 0;
  const booked = `${trip.guests_booked} / ${trip.places} geboekt`;
  return (
    <Link
      to={{ search: tripHref(trip.start_date) }}
      className={classes.card}
      data-trip={trip.start_date}
      aria-label={`${trip.label}, ${monthName(month)} ${trip.year}, ${regions.map(regionName).join(' en ')}, ${booked}`}
    >
      <div className={classes.band} style={monthBackground(month)} data-month={month}>
        <span className={classes.month}>{monthName(month)}</span>
        <Flags regions={regions} />
      </div>
      <div className={classes.body}>
        <Text fw={700} lineClamp={2}>
          {trip.label}
        </Text>
        <Text size="sm" c="dark.4">
          {trip.year} · {showDate(trip.start_date)}
          {trip.end_date ? ` t/m ${showDate(trip.end_date)}` : ''}
        </Text>
        <Text size="sm" fw={600} data-testid="trip-booked">
          {booked}
        </Text>
        <Text size="xs" c="dark.4">
          {trip.orders === 1 ? '1 bestelling' : `${trip.orders} bestellingen`}
        </Text>
        <div className={classes.bar} aria-hidden="true">
          <div className={classes.barFill} style={{ width: `${share}%` }} />
        </div>
      </div>
    </Link>
  );
}

function CardGrid({ trips, label }: { trips: TripSummary[]; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" role="list" aria-label={label}>
      {trips.map((t) => (
        <div role="listitem" key={t.start_date}>
          <TripCard trip={t} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Upcoming trips first (soonest at the top), then earlier trips (most recent at the top). */
export function splitTrips(trips: TripSummary[], today = amsterdamDate(new Date())) {
  const upcoming = trips.filter((t) => (t.end_date ?? t.start_date) >= today).sort((a, b) => a.start_date.localeCompare(b.start_date));
  const past = trips.filter((t) => (t.end_date ?? t.start_date) < today).sort((a, b) => b.start_date.localeCompare(a.start_date));
  return { upcoming, past };
}

export function TripCards() {
  const query = useQuery(tripsQuery);

  if (query.isPending) {
    return (
      <Stack role="status" aria-live="polite" aria-label="Reizen laden">
        <Skeleton h={28} w={220} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={190} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (query.isError) return <LoadError />;

  const { upcoming, past } = splitTrips(query.data);
  if (upcoming.length === 0 && past.length === 0) {
    return <EmptyState>Er zijn nog geen reizen met aanbetaalde of betaalde bestellingen.</EmptyState>;
  }
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Komende reizen
        </Title>
        {upcoming.length > 0 ? <CardGrid trips={upcoming} label="Komende reizen" /> : <EmptyState>Geen komende reizen.</EmptyState>}
      </Stack>
      {past.length > 0 && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            Eerdere reizen
          </Title>
          <CardGrid trips={past} label="Eerdere reizen" />
        </Stack>
      )}
    </Stack>
  );
}
