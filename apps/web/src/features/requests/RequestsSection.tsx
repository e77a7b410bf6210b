// The dashboard's leads (docs/RULES.md, 'Product: Admins manage ... leads'): every 'Umrah op maat' and Morocco
// request, newest first, with a status (open / contacted / converted) and a note staff can edit.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  DESIRED_YEAR_LABELS,
  REQUEST_STATUSES,
  REQUEST_STATUS_LABELS,
  type DesiredYear,
  type RequestRoom,
  type RequestStatus,
} from '@umrah/domain/validation/requests';
import { EmptyState, LoadError } from '../../components/Feedback';
import { ApiError } from '../../lib/api';
import { leadsQuery, useUpdateLead, type LeadRow } from './api';

const STATUS_COLOR: Record<RequestStatus, string> = { open: 'yellow', contacted: 'blue', converted: 'green' };
const STATUS_OPTIONS = REQUEST_STATUSES.map((value) => ({ value, label: REQUEST_STATUS_LABELS[value] }));
const dutchDate = (iso: unknown) => (typeof iso === 'string' && iso ? iso.split('-').reverse().join('-') : '-');
const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

/** One line about what was asked: the Morocco period, or the custom trip's dates, hotel and rooms. */
export function leadSummary(r: LeadRow): string {
  const f = r.fields;
  if (r.kind === 'morocco')
    return `Periode: ${DESIRED_YEAR_LABELS[f.desired_year as DesiredYear] ?? String(f.desired_year)} · Tel. ${String(f.phone_number ?? '-')}`;
  const rooms = Array.isArray(f.rooms) ? (f.rooms as RequestRoom[]) : [];
  const persons = rooms.reduce((n, room) => n + room.adults + room.kids + room.babys, 0);
  const hotel = f.hotel_name ? ` · ${String(f.hotel_name)}${f.hotel_rating ? ` (${String(f.hotel_rating)}★)` : ''}` : '';
  return `${dutchDate(f.start)} t/m ${dutchDate(f.end)} · ${rooms.length} kamer(s), ${persons} personen${hotel}`;
}

function LeadCard({ lead }: { lead: LeadRow }) {
  const [status, setStatus] = useState<RequestStatus>(lead.status);
  const [note, setNote] = useState(lead.note);
  const save = useUpdateLead(lead.id);
  const changed = status !== lead.status || note !== lead.note;
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Aanvraag ${lead.id} van ${lead.name || lead.email}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge variant="light" color={lead.kind === 'custom' ? 'teal' : 'grape'}>
              {lead.kind === 'custom' ? 'Umrah op maat' : 'Marokko'}
            </Badge>
            <Text fw={600}>{lead.name || lead.email}</Text>
            <Text size="sm" c="dimmed">
              {lead.email} · {formatDateTime(lead.created_at)}
            </Text>
          </Group>
          <Badge color={STATUS_COLOR[lead.status]}>{REQUEST_STATUS_LABELS[lead.status]}</Badge>
        </Group>
        <Text size="sm">{leadSummary(lead)}</Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(v) => v && setStatus(v as RequestStatus)}
            w={200}
          />
          <Textarea
            label="Notitie"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={5000}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button onClick={() => save.mutate({ status, note })} loading={save.isPending} disabled={!changed}>
            Opslaan
          </Button>
        </Group>
        {save.isError && (
          <Alert color="red" role="alert">
            {save.error instanceof ApiError ? save.error.message : 'Opslaan is mislukt.'}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

export function RequestsSection() {
  const [filter, setFilter] = useState<'all' | RequestStatus>('open');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const leads = useQuery(leadsQuery({ status: filter === 'all' ? undefined : filter, q, page }));
  const pages = leads.data ? Math.max(1, Math.ceil(leads.data.total / leads.data.page_size)) : 1;

  return (
    <Stack component="section" aria-labelledby="leads-title" gap="sm">
      <Title order={3} size="h4" id="leads-title">
        Aanvragen
      </Title>
      <Text size="sm" c="dimmed">
        Aanvragen voor een Umrah op maat en de Umrah vanuit Marokko, de nieuwste eerst.
      </Text>
      <Group gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Status van de aanvragen"
          value={filter}
          onChange={(v) => {
            setFilter(v as typeof filter);
            setPage(1);
          }}
          data={[{ value: 'all', label: 'Alle' }, ...STATUS_OPTIONS]}
        />
        <TextInput
          aria-label="Zoek in aanvragen"
          placeholder="Zoek op naam, email of notitie"
          value={search}
          maxLength={200}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {leads.isError ? (
        <LoadError />
      ) : leads.isPending ? (
        <Stack gap="xs">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={90} />
          ))}
        </Stack>
      ) : leads.data.requests.length === 0 ? (
        <EmptyState>Geen aanvragen gevonden.</EmptyState>
      ) : (
        <>
          {leads.data.requests.map((lead) => (
            // The key holds the saved values, so a card shows the stored status and note after a save.
            <LeadCard key={`${lead.id}-${lead.updated_at}`} lead={lead} />
          ))}
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} aria-label="Pagina's aanvragen" />}
        </>
      )}
    </Stack>
  );
}
