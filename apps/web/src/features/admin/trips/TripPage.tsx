// One trip of 'Reisoverzichten': its orders (only down-paid and paid ones), the statistics, the
// airline's API list, the travel documents zip and the rooming-list editor.
import { useMemo, useState } from 'react';
import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, LoadError } from '../../../components/Feedback';
import { CardGrid } from '../../../components/CardGrid';
import { ApiError } from '../../../lib/api';
import { OrderDialogs, type OrderDialog } from '../orders';
import { useRefreshOrders } from '../orders-list';
import { AirlineModal } from './AirlineModal';
import { tripKeys, tripOrdersQuery, tripQuery, type TripDetail, type TripOrder } from './api';
import { ContactsModal } from './ContactsModal';
import { DocumentRemindersModal } from './DocumentRemindersModal';
import { DocumentsModal } from './DocumentsModal';
import { Flags, regionName, tripRegions } from './Flag';
import { OrderCard } from './OrderCard';
import { OrderCardActions } from './OrderCardActions';
import { RoomingSection } from './rooming/RoomingSection';
import { TripWaitlist } from '../../waitlist';
import { TripInfoSection } from './TripInfoSection';
import { StatsModal } from './StatsModal';
import { monthName, monthOf, showDate } from './TripCards';

type Dialog = 'stats' | 'airline' | 'documents' | 'contacts' | 'reminders' | null;

const DIALOG_BUTTONS: { dialog: NonNullable<Dialog>; label: string; color?: string }[] = [
  { dialog: 'stats', label: 'Statistieken' },
  { dialog: 'airline', label: 'API-lijst' },
  { dialog: 'documents', label: 'Reisdocumenten' },
  { dialog: 'contacts', label: 'Contactlijst' },
  { dialog: 'reminders', label: 'Herinnering aan alle gasten zonder documenten', color: 'grape' },
];

export function matchesOrder(order: TripOrder, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  const hay = [
    order.number,
    String(order.id),
    order.customer.name,
    order.customer.email,
    ...order.rooms.flatMap((r) => r.guests.map((g) => `${g.first_name} ${g.last_name}`)),
  ]
    .join(' ')
    .toLowerCase();
  return hay.includes(needle);
}

export function TripPage({ start }: { start: string }) {
  const query = useQuery(tripQuery(start));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tab, setTab] = useState<string | null>('bestellingen');

  const back = (
    <Anchor component={Link} to={{ search: '?tab=reisoverzichten' }} size="sm">
      ← Alle reizen
    </Anchor>
  );

  if (query.isPending) {
    return (
      <Stack role="status" aria-live="polite" aria-label="Reis laden">
        {back}
        <Skeleton h={32} w={320} />
        <Skeleton h={36} w={420} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={220} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack>
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? <EmptyState>{query.error.message}</EmptyState> : <LoadError />}
      </Stack>
    );
  }

  const { trip, stats } = query.data;
  const title = trip.label;
  const close = () => setDialog(null);
  return (
    <Stack gap="md">
      {back}
      <TripHeading trip={trip} />
      <Group gap="xs">
        {DIALOG_BUTTONS.map((b) => (
          <Button key={b.dialog} variant="light" color={b.color} onClick={() => setDialog(b.dialog)}>
            {b.label}
          </Button>
        ))}
      </Group>

      <Tabs value={tab} onChange={setTab} variant="outline">
        <Tabs.List>
          <Tabs.Tab value="bestellingen">Bestellingen ({query.data.orders.length})</Tabs.Tab>
          <Tabs.Tab value="kamerindeling">Kamerindeling</Tabs.Tab>
          <Tabs.Tab value="wachtlijst">Wachtlijst</Tabs.Tab>
          <Tabs.Tab value="reisinformatie">Reisinformatie</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bestellingen" pt="md">
          <TripOrders start={start} detail={query.data} />
        </Tabs.Panel>
        <Tabs.Panel value="kamerindeling" pt="md">
          <RoomingSection start={start} detail={query.data} />
        </Tabs.Panel>
        <Tabs.Panel value="wachtlijst" pt="md">
          {tab === 'wachtlijst' && <TripWaitlist start={start} />}
        </Tabs.Panel>
        <Tabs.Panel value="reisinformatie" pt="md">
          {tab === 'reisinformatie' && <TripInfoSection start={start} detail={query.data} />}
        </Tabs.Panel>
      </Tabs>

      {dialog === 'stats' && <StatsModal title={title} stats={stats} onClose={close} />}
      {dialog === 'airline' && <AirlineModal start={start} title={title} onClose={close} />}
      {dialog === 'documents' && <DocumentsModal start={start} title={title} stats={stats} onClose={close} />}
      {dialog === 'contacts' && <ContactsModal start={start} title={title} onClose={close} />}
      {dialog === 'reminders' && <DocumentRemindersModal start={start} title={title} orders={query.data.orders} onClose={close} />}
    </Stack>
  );
}

/** The trip's name with its flags, then month, dates, regions and bookings. */
function TripHeading({ trip }: { trip: TripDetail['trip'] }) {
  return (
    <>
      <Group gap="sm" align="center" wrap="nowrap">
        <Flags regions={tripRegions(trip)} />
        <Title order={2} size="h3">
          {trip.label}
        </Title>
      </Group>
      <Text size="sm" c="dark.4" mt={-8}>
        {monthName(monthOf(trip.start_date))} {trip.year} · {showDate(trip.start_date)}
        {trip.end_date ? ` t/m ${showDate(trip.end_date)}` : ''} · {tripRegions(trip).map(regionName).join(' en ')} · {trip.guests_booked} /{' '}
        {trip.places} geboekt
      </Text>
    </>
  );
}

/** The 'Bestellingen' tab: the trip's orders as cards, searchable, each with the dashboard's actions. */
function TripOrders({ start, detail }: { start: string; detail: TripDetail }) {
  const [search, setSearch] = useState('');
  const orders = useMemo(() => detail.orders.filter((o) => matchesOrder(o, search)), [detail, search]);
  // The same orders as the dashboard has them, for the cards' actions (docs/OFFICE.md).
  const adminOrders = useQuery(tripOrdersQuery(start));
  const adminById = useMemo(() => new Map((adminOrders.data?.orders ?? []).map((o) => [o.id, o])), [adminOrders.data]);
  const [orderDialog, setOrderDialog] = useState<OrderDialog>(null);
  const queryClient = useQueryClient();
  const refreshOrders = useRefreshOrders();
  /** After an action: the trip (cards, statistics, its orders) and the dashboard's lists. */
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: tripKeys.detail(start) }), refreshOrders()]);
  return (
    <>
      <Stack>
        <TextInput
          label="Zoeken in bestellingen"
          placeholder="Bestelnummer, naam of email"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
        <CardGrid
          items={orders}
          empty={detail.orders.length === 0 ? 'Deze reis heeft geen aanbetaalde of betaalde bestellingen.' : 'Geen bestellingen gevonden.'}
          card={(o) => {
            const admin = adminById.get(o.id);
            return (
              <OrderCard
                key={o.id}
                order={o}
                actions={adminOrders.isError ? undefined : admin ? <OrderCardActions order={admin} onAction={setOrderDialog} /> : null}
              />
            );
          }}
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
        />
      </Stack>
      <OrderDialogs dialog={orderDialog} onClose={() => setOrderDialog(null)} onDone={refresh} />
    </>
  );
}
