// 'Mijn reis' (docs/RULES.md, 'Mijn reis'): one paid order's trip on the pilgrim's phone, readable
// without a network once opened: dates, flight and meeting point, the hotels with their address in
// Dutch and Arabic (to show a taxi driver), each guest's room and roommates, the tour leader, the
// programme and the documents (invoice, visa PDF).
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@umrah/domain/dates';
import { EmptyState, LoadError, PageLoader } from '../../components/Feedback';
import { ApiError } from '../../lib/api';
import { saveBlob } from '../../lib/saveBlob';
import { LoginRequired, useAuth } from '../auth';
import { fetchTripPdf, myTripQuery, myTripUrl, type MyTripDto } from './api';
import { keepTripOffline } from './offline';

export const MY_TRIP_TEXT = {
  offlineReady: 'Deze pagina werkt nu ook zonder internet.',
  offline: 'Je bent offline: je ziet de laatst opgeslagen gegevens.',
  notYetKnown: 'Nog niet bekend.',
  roomingFollows: 'De kamerindeling volgt.',
  pdfFailed: 'Dit document is niet beschikbaar zonder internet. Open het eenmaal met internet, dan blijft het bewaard.',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const Lines = ({ text }: { text: string }) =>
  text ? (
    <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
  ) : (
    <Text c="dark.4" fs="italic">
      {MY_TRIP_TEXT.notYetKnown}
    </Text>
  );

/** Whether the browser says it is online, following its changes. */
function useOnline() {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

function PdfButton({ url, filename, children }: { url: string; filename: string; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await fetchTripPdf(url), filename);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Button variant="light" onClick={() => void open()} loading={busy}>
        {children}
      </Button>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {MY_TRIP_TEXT.pdfFailed}
        </Text>
      )}
    </Stack>
  );
}

/** Each hotel with its address, and the same in Arabic to show a taxi driver. */
function Hotels({ hotels }: { hotels: MyTripDto['hotels'] }) {
  return (
    <>
      {hotels.length === 0 ? (
        <Lines text="" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {hotels.map((h) => (
            <Paper key={h.name} withBorder p="sm" radius="sm" data-testid="hotel">
              <Text fw={700}>
                {h.name} ({h.location})
              </Text>
              <Text size="sm">{h.address}</Text>
              <Text size="xs" c="dark.4" mt="xs">
                Voor de taxichauffeur:
              </Text>
              <Text lang="ar" dir="rtl" size="lg" fw={600}>
                {h.name_ar}
              </Text>
              <Text lang="ar" dir="rtl" size="lg" data-testid="hotel-address-ar">
                {h.address_ar}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

function GuestRooms({ guests }: { guests: MyTripDto['guests'] }) {
  return (
    <Stack gap="sm">
      {guests.map((g) => (
        <div key={g.id} data-testid="guest-room">
          <Text fw={600}>
            {g.first_name} {g.last_name}
          </Text>
          {g.room ? (
            <Text size="sm">
              Kamer {g.room.number} ({g.room.max_guests}-persoons)
              {g.room.room_mekka ? ` · Mekka: kamer ${g.room.room_mekka}` : ''}
              {g.room.room_medina ? ` · Medina: kamer ${g.room.room_medina}` : ''}
              {g.room.roommates.length > 0 ? ` · Samen met ${g.room.roommates.join(', ')}` : ''}
            </Text>
          ) : (
            <Text size="sm" c="dark.4">
              {MY_TRIP_TEXT.roomingFollows}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}

function TripBody({ trip }: { trip: MyTripDto }) {
  const { details } = trip;
  const phoneHref = `tel:${details.leader_phone.replace(/[^0-9+]/g, '')}`;
  const sections: [string, ReactNode][] = [
    ['Vlucht', <Lines key="vlucht" text={details.flight} />],
    ['Verzamelpunt', <Lines key="verzamelpunt" text={details.meeting_point} />],
    [
      'Reisleider',
      details.leader_name || details.leader_phone ? (
        <Stack gap={4} key="reisleider">
          {details.leader_name && <Text fw={600}>{details.leader_name}</Text>}
          {details.leader_phone && (
            <Anchor href={phoneHref} size="lg" data-testid="leader-phone">
              {details.leader_phone}
            </Anchor>
          )}
        </Stack>
      ) : (
        <Lines key="reisleider" text="" />
      ),
    ],
    ['Hotels', <Hotels key="hotels" hotels={trip.hotels} />],
    ['Kamers', <GuestRooms key="kamers" guests={trip.guests} />],
    ['Programma', <Lines key="programma" text={details.programme} />],
  ];
  return (
    <Stack gap="md">
      {sections.map(([title, body]) => (
        <Section key={title} title={title}>
          {body}
        </Section>
      ))}
      <Section title="Documenten">
        <Group gap="sm" align="flex-start">
          {trip.documents.map((d) => (
            <PdfButton key={d.url} url={d.url} filename={d.filename}>
              {d.title} (PDF)
            </PdfButton>
          ))}
          {trip.guests
            .filter((g) => g.visa_pdf_url)
            .map((g) => (
              <PdfButton key={g.id} url={g.visa_pdf_url!} filename={`visum-${g.first_name}-${g.last_name}.pdf`.replace(/[^\w.-]+/g, '-')}>
                Visum {g.first_name} {g.last_name} (PDF)
              </PdfButton>
            ))}
          {trip.documents.length === 0 && !trip.guests.some((g) => g.visa_pdf_url) && <Lines text="" />}
        </Group>
      </Section>
    </Stack>
  );
}

export function MyTripView({ orderId }: { orderId: number }) {
  const { token, sessionExpired } = useAuth();
  const query = useQuery(myTripQuery(orderId, token));
  const online = useOnline();
  const [kept, setKept] = useState(false);
  const trip = query.data;

  // Once the trip is shown, the page, its answers and its PDFs are kept for offline use.
  useEffect(() => {
    if (!trip || !online) return;
    let live = true;
    const urls = [myTripUrl(orderId), ...trip.documents.map((d) => d.url), ...trip.guests.flatMap((g) => (g.visa_pdf_url ? [g.visa_pdf_url] : []))];
    keepTripOffline(urls).then(
      (ok) => live && setKept(ok),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [trip, online, orderId]);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 401) return <LoginRequired expired={sessionExpired} />;
    if (status === 404 || status === 409) return <EmptyState>{query.error.message}</EmptyState>;
    return <LoadError />;
  }
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Mijn reis</Title>
        <Text size="lg" fw={600}>
          {trip!.label}
        </Text>
        <Text>
          {formatDate(trip!.start_date)}
          {trip!.end_date ? ` t/m ${formatDate(trip!.end_date)}` : ''} · Bestelling {trip!.order_number}
        </Text>
      </div>
      {!online ? (
        <Alert color="orange" role="status">
          {MY_TRIP_TEXT.offline}
        </Alert>
      ) : (
        kept && (
          <Badge color="teal" variant="light" size="lg" role="status" style={{ textTransform: 'none' }}>
            {MY_TRIP_TEXT.offlineReady}
          </Badge>
        )
      )}
      <TripBody trip={trip!} />
    </Stack>
  );
}
