// /account/reis/: the customer's paid trips, each a link to its 'Mijn reis' (the start page of the
// app installed on the home screen). Kept offline like the trip pages.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '@umrah/domain/dates';
import { EmptyState, LoadError, PageLoader } from '../../components/Feedback';
import { ApiError } from '../../lib/api';
import { LoginRequired, useAuth } from '../auth';
import { myTripsQuery } from './api';

export function MyTripList() {
  const { token, sessionExpired } = useAuth();
  const query = useQuery(myTripsQuery(token));
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 401) return <LoginRequired expired={sessionExpired} />;
    return <LoadError />;
  }
  return (
    <Stack gap="md">
      <Title order={1}>Mijn reis</Title>
      {query.data.trips.length === 0 ? (
        <EmptyState>Je hebt nog geen (aan)betaalde reis.</EmptyState>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {query.data.trips.map((t) => (
            <li key={t.order_id}>
              <Anchor component={Link} to={`/account/reis/${t.order_id}`} fw={600}>
                {t.label}
              </Anchor>
              <Text size="sm">
                {formatDate(t.start_date)}
                {t.end_date ? ` t/m ${formatDate(t.end_date)}` : ''} · Bestelling {t.order_number}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
