// The rooming-list editor of a trip, in three views:
// - Bewerken: 'Indeling maken' asks the server for a proposal; staff move a guest to another room,
//   swap two guests, add an empty room and fill in the Mekka and Medina room numbers; 'Opslaan'
//   saves a new version and shows the server's message (or its rule break, in Dutch).
// - Versies: the latest 4 saved versions; any of them (or an older one by number) can be opened.
// - Voorbeeld: the list as it will be printed, 3 rooms per page, with the PDF and XLSX downloads.
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@umrah/domain/dates';
import { ageCategoryLabels, type AgeCategory } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { ApiError } from '../../../lib/api';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { roomsQuery, tripFile, useRoomingProposal, useSaveRooms, useTripDownload, type TripDetail } from '../api';
import { WheelchairMark } from '../OrderCard';
import classes from '../trips.module.css';
import {
  addRoom,
  bedsIn,
  fits,
  fromRoomDtos,
  guestName,
  indexGuests,
  kindLabel,
  liveProblems,
  moveGuest,
  previewPages,
  removeRoom,
  ROOM_CAPACITIES,
  ROOM_KINDS,
  roomTitle,
  setRoomNumbers,
  swapGuests,
  toRoomingInput,
  toSaveBody,
  unplacedGuests,
  type EditorRoom,
  type RoomKind,
  type EditResult,
  type GuestInfo,
} from './editor';

export const VERSIONS_SHOWN = 4;
type View = 'bewerken' | 'versies' | 'voorbeeld';
const GENDER = ['man', 'vrouw'];

const guestDetails = (g: GuestInfo) =>
  [(ageCategoryLabels[g.age_category as AgeCategory] ?? '').toLowerCase(), g.gender !== null ? GENDER[g.gender] : null, g.order_number]
    .filter(Boolean)
    .join(', ');

const roomHeading = (room: EditorRoom, index: number) =>
  `${roomTitle(index)} – ${room.capacity}-persoonskamer, ${kindLabel(room.kind)}${room.exclusive ? ', exclusief' : ''}`;

/** The other broken rules of a 400 (the first is its message already). */
const ruleMessages = (err: ApiError) => [...new Set((err.details ?? []).map((d) => d.message))].filter((m) => m && m !== err.message);

const droppedWarnings = (names: string[]) => names.map((n) => `${n} staat niet meer op deze reis en is uit de indeling gehaald.`);

interface Confirm {
  text: string;
  action: () => void;
}

export function RoomingSection({ start, detail }: { start: string; detail: TripDetail }) {
  const guests = useMemo(() => indexGuests(detail.orders), [detail.orders]);
  const roomingInput = useMemo(() => toRoomingInput(detail.orders), [detail.orders]);
  const queryClient = useQueryClient();
  const latest = useQuery(roomsQuery(start));

  const [view, setView] = useState<View>('bewerken');
  const [rooms, setRooms] = useState<EditorRoom[] | null>(null);
  /** The saved version the editor holds (null: a proposal not saved yet). */
  const [version, setVersion] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** Every rule the server's 400 names (its message is the first). */
  const [errorDetails, setErrorDetails] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  /** A saved version being fetched to open it. */
  const [opening, setOpening] = useState(false);
  const [swapFrom, setSwapFrom] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [newCapacity, setNewCapacity] = useState('2');
  const [newKind, setNewKind] = useState<RoomKind>('male');
  const [olderVersion, setOlderVersion] = useState<string | number>('');

  // The latest saved version is what the editor starts with: taken over while rendering, once it has
  // loaded and while the editor is empty (React's state adjustment during render, no extra pass).
  const current = latest.data?.current;
  if (rooms === null && current) {
    const loaded = fromRoomDtos(current.rooms);
    setRooms(loaded.rooms);
    setWarnings(droppedWarnings(loaded.dropped));
    setVersion(current.version);
  }

  const problems = useMemo(() => (rooms ? liveProblems(roomingInput, rooms) : null), [roomingInput, rooms]);

  const versions = useMemo(() => [...(latest.data?.versions ?? [])].sort((a, b) => b.version - a.version).slice(0, VERSIONS_SHOWN), [latest.data]);

  const guard = (text: string, action: () => void) => {
    if (dirty) setConfirm({ text, action });
    else action();
  };

  const apply = (result: EditResult) => {
    if (!result.ok) {
      setError(result.error);
      setErrorDetails([]);
      return;
    }
    setRooms(result.rooms);
    setDirty(true);
    setError(null);
    setErrorDetails([]);
    setMessage(null);
  };

  /** Before each request: the last error and the last saved message go. */
  const clearFeedback = ({ keepMessage = false } = {}) => {
    setError(null);
    setErrorDetails([]);
    if (!keepMessage) setMessage(null);
  };
  /** A failed request: its Dutch message, and for a refused save every rule it broke. */
  const fail = (err: unknown, { withRules = false } = {}) => {
    setError(errorMessage(err));
    setErrorDetails(withRules && err instanceof ApiError ? ruleMessages(err) : []);
  };
  const show = (loaded: { rooms: EditorRoom[] }, saved: number | null, unsaved: boolean) => {
    setRooms(loaded.rooms);
    setVersion(saved);
    setDirty(unsaved);
    setSwapFrom(null);
    setView('bewerken');
  };

  const proposal = useRoomingProposal({
    onSuccess: (res) => {
      setWarnings((res.warnings ?? []).map((w) => w.message));
      show(fromRoomDtos(res.rooms), null, true);
    },
    onError: (err) => fail(err),
  });
  const propose = () => {
    clearFeedback();
    proposal.mutate(start);
  };

  const openVersion = async (n: number) => {
    setOpening(true);
    clearFeedback();
    try {
      const data = await queryClient.fetchQuery(roomsQuery(start, n));
      if (!data.current) {
        setError(`Versie ${n} bestaat niet.`);
        return;
      }
      const loaded = fromRoomDtos(data.current.rooms);
      setWarnings(droppedWarnings(loaded.dropped));
      show(loaded, data.current.version, false);
    } catch (err) {
      fail(err);
    } finally {
      setOpening(false);
    }
  };

  const saving = useSaveRooms({
    onSuccess: async (res) => {
      setMessage(res.message);
      notifySuccess(res.message);
      setDirty(false);
      const fresh = await queryClient.fetchQuery(roomsQuery(start));
      setVersion(fresh.current?.version ?? null);
    },
    onError: (err) => fail(err, { withRules: true }),
  });
  const save = () => {
    if (!rooms) return;
    clearFeedback();
    saving.mutate(toSaveBody(start, rooms));
  };

  const downloading = useTripDownload({ onError: (err) => fail(err) });
  const download = (kind: 'pdf' | 'xlsx') => {
    if (version === null) return;
    clearFeedback({ keepMessage: true });
    downloading.mutate({
      start,
      file: kind === 'pdf' ? tripFile.roomingPdf : tripFile.roomingXlsx,
      fallbackName: `kamerindeling-${start}-v${version}.${kind}`,
      query: { version },
    });
  };

  const busy = proposal.isPending
    ? 'proposal'
    : saving.isPending
      ? 'save'
      : opening
        ? 'open'
        : downloading.isPending
          ? downloading.variables.file === tripFile.roomingPdf
            ? 'pdf'
            : 'xlsx'
          : null;

  const unplaced = rooms ? unplacedGuests(rooms, guests) : [];
  const placedCount = rooms ? rooms.reduce((n, r) => n + r.guests.length, 0) : 0;
  const swapName = swapFrom !== null ? guestName(guests.get(swapFrom) ?? { first_name: 'gast', last_name: '' }) : '';

  const state =
    rooms === null
      ? 'Nog geen kamerindeling.'
      : `${version !== null ? `Versie ${version}` : 'Nieuw voorstel (niet opgeslagen)'}${dirty && version !== null ? ', met niet-opgeslagen wijzigingen' : ''} · ${rooms.length} kamers · ${placedCount} gasten ingedeeld${unplaced.length ? ` · ${unplaced.length} niet ingedeeld` : ''}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={3} size="h4">
          Kamerindeling
        </Title>
        <SegmentedControl
          aria-label="Weergave kamerindeling"
          value={view}
          onChange={(v) => setView(v as View)}
          data={[
            { value: 'bewerken', label: 'Bewerken' },
            { value: 'versies', label: `Versies (${latest.data?.versions.length ?? 0})` },
            { value: 'voorbeeld', label: 'Voorbeeld' },
          ]}
        />
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button
          onClick={() => guard('Een nieuw voorstel vervangt de huidige indeling met niet-opgeslagen wijzigingen.', propose)}
          loading={busy === 'proposal'}
          disabled={busy !== null && busy !== 'proposal'}
          variant={rooms ? 'light' : 'filled'}
        >
          Indeling maken
        </Button>
        <Button onClick={save} loading={busy === 'save'} disabled={!rooms || (busy !== null && busy !== 'save')}>
          Opslaan
        </Button>
        <Text size="sm" c="dark.4" data-testid="rooming-state" aria-live="polite">
          {latest.isPending ? 'Laden…' : state}
        </Text>
      </Group>

      {message && (
        <Alert color="green" c="dark.7" role="status" withCloseButton closeButtonLabel="Melding sluiten" onClose={() => setMessage(null)}>
          {message}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="Niet gelukt" withCloseButton closeButtonLabel="Foutmelding sluiten" onClose={() => setError(null)}>
          {error}
          {errorDetails.length > 0 && (
            <List size="sm" mt={4}>
              {errorDetails.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {latest.isError && (
        <Alert color="red" role="alert">
          {errorMessage(latest.error, MSG.loadFailed)}
        </Alert>
      )}

      {view === 'bewerken' && (
        <EditView
          rooms={rooms}
          loading={latest.isPending}
          guests={guests}
          warnings={warnings}
          unplaced={unplaced}
          swapFrom={swapFrom}
          swapName={swapName}
          onSwapStart={setSwapFrom}
          onSwap={(b) => {
            if (swapFrom === null || !rooms) return;
            apply(swapGuests(rooms, swapFrom, b));
            setSwapFrom(null);
          }}
          onMove={(guestId, key) => rooms && apply(moveGuest(rooms, guestId, key, guests))}
          problems={problems}
          onNumbers={(key, numbers) => {
            if (!rooms) return;
            setRooms(setRoomNumbers(rooms, key, numbers));
            setDirty(true);
          }}
          onRemove={(key) => rooms && apply(removeRoom(rooms, key))}
          addControls={
            <Group gap="xs" align="flex-end" wrap="wrap">
              <NativeSelect
                label="Grootte nieuwe kamer"
                value={newCapacity}
                onChange={(e) => setNewCapacity(e.currentTarget.value)}
                data={ROOM_CAPACITIES.map((c) => ({ value: String(c), label: `${c}-persoonskamer` }))}
              />
              <NativeSelect
                label="Soort nieuwe kamer"
                value={newKind}
                onChange={(e) => setNewKind(e.currentTarget.value as RoomKind)}
                data={ROOM_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
              />
              <Button
                variant="default"
                onClick={() => {
                  setRooms(addRoom(rooms ?? [], Number(newCapacity), newKind));
                  setDirty(true);
                  setMessage(null);
                }}
              >
                Kamer toevoegen
              </Button>
            </Group>
          }
        />
      )}

      {view === 'versies' && (
        <Stack gap="sm">
          <Text size="sm" c="dark.4">
            Elke keer opslaan maakt een nieuwe versie. De laatste {VERSIONS_SHOWN} staan hieronder.
          </Text>
          {latest.isPending ? (
            <Skeleton h={120} />
          ) : versions.length === 0 ? (
            <Text c="dark.4">Er is nog geen versie opgeslagen.</Text>
          ) : (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Opgeslagen versies">
              {versions.map((v) => (
                <Paper component="li" withBorder p="sm" radius="md" key={v.version} data-version={v.version}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={0}>
                      <Text fw={700}>Versie {v.version}</Text>
                      <Text size="sm" c="dark.4">
                        {formatDateTime(v.created_at)} · {v.rooms_count === 1 ? '1 kamer' : `${v.rooms_count} kamers`}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      {v.version === version && (
                        <Badge variant="light" c="dark.7" tt="none">
                          Geopend
                        </Badge>
                      )}
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Versie ${v.version} openen`}
                        loading={busy === 'open'}
                        onClick={() => guard(`Versie ${v.version} openen gooit de niet-opgeslagen wijzigingen weg.`, () => openVersion(v.version))}
                      >
                        Openen
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          {(latest.data?.versions.length ?? 0) > 0 && (
            <Group
              component="form"
              gap="xs"
              align="flex-end"
              onSubmit={(e) => {
                e.preventDefault();
                const n = Number(olderVersion);
                if (Number.isInteger(n) && n > 0) guard(`Versie ${n} openen gooit de niet-opgeslagen wijzigingen weg.`, () => openVersion(n));
              }}
            >
              <NumberInput label="Oudere versie (nummer)" min={1} allowDecimal={false} value={olderVersion} onChange={setOlderVersion} w={200} />
              <Button type="submit" variant="default" disabled={busy !== null}>
                Versie openen
              </Button>
            </Group>
          )}
        </Stack>
      )}

      {view === 'voorbeeld' && (
        <PreviewView
          rooms={rooms ?? []}
          guests={guests}
          title={detail.trip.label}
          version={version}
          dirty={dirty}
          busy={busy}
          onDownload={download}
        />
      )}

      <ConfirmModal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title="Wijzigingen niet opgeslagen"
        confirmLabel="Doorgaan"
        onConfirm={() => {
          if (!confirm) return;
          setConfirm(null);
          confirm.action();
        }}
      >
        <Text size="sm">{confirm?.text}</Text>
      </ConfirmModal>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------

interface EditViewProps {
  rooms: EditorRoom[] | null;
  loading: boolean;
  guests: Map<number, GuestInfo>;
  warnings: string[];
  unplaced: GuestInfo[];
  swapFrom: number | null;
  swapName: string;
  onSwapStart: (id: number | null) => void;
  onSwap: (other: number) => void;
  onMove: (guestId: number, roomKey: string) => void;
  onNumbers: (key: string, numbers: { room_mekka?: string; room_medina?: string }) => void;
  onRemove: (key: string) => void;
  problems: ReturnType<typeof liveProblems> | null;
  addControls: React.ReactNode;
}

const ROOM_NUMBERS = [
  ['room_mekka', 'Mekka'],
  ['room_medina', 'Medina'],
] as const;

function roomOptions(rooms: EditorRoom[], own: string | null, guestId: number, guests: Map<number, GuestInfo>) {
  return rooms.map((r, i) => ({
    value: r.key,
    label: `${roomTitle(i)} (${bedsIn(r, guests)}/${r.capacity}, ${kindLabel(r.kind).toLowerCase()})`,
    disabled: r.key !== own && !fits(r, guestId, guests),
  }));
}

function EditView(p: EditViewProps) {
  if (p.loading) return <Skeleton h={240} />;
  if (!p.rooms) {
    return (
      <Stack gap="sm">
        <Text c="dark.4">Klik op ‘Indeling maken’ voor een voorstel op basis van de kamers en gasten van de bestellingen.</Text>
        {p.addControls}
      </Stack>
    );
  }
  const rooms = p.rooms;
  return (
    <Stack gap="md">
      {p.warnings.length > 0 && (
        <Alert color="yellow" c="dark.7" title="Let op" role="note">
          <List size="sm">
            {p.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {p.problems && p.problems.general.length > 0 && (
        <Alert color="red" c="dark.7" title="Deze indeling breekt een regel" role="note">
          <List size="sm">
            {p.problems.general.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {p.swapFrom !== null && (
        <Alert color="blue" c="dark.7" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">Kies de gast met wie {p.swapName} van kamer wisselt.</Text>
            <Button size="xs" variant="default" onClick={() => p.onSwapStart(null)}>
              Wisselen annuleren
            </Button>
          </Group>
        </Alert>
      )}
      {p.unplaced.length > 0 && (
        <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="rooming-unplaced">
          <Title order={4} size="h5" id="rooming-unplaced" mb="xs">
            Niet ingedeeld ({p.unplaced.length})
          </Title>
          <Stack gap="xs">
            {p.unplaced.map((g) => (
              <Group key={g.id} justify="space-between" wrap="wrap" gap="xs" data-guest={g.id}>
                <Text size="sm">
                  {guestName(g)}{' '}
                  <Text span size="xs" c="dark.4">
                    ({guestDetails(g)})
                  </Text>
                </Text>
                <NativeSelect
                  size="xs"
                  aria-label={`Kamer van ${guestName(g)}`}
                  value=""
                  onChange={(e) => e.currentTarget.value && p.onMove(g.id, e.currentTarget.value)}
                  data={[{ value: '', label: 'Kies een kamer' }, ...roomOptions(rooms, null, g.id, p.guests)]}
                />
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {rooms.map((room, index) => {
          const problems = p.problems?.byRoom.get(room.key) ?? [];
          const beds = bedsIn(room, p.guests);
          const wheelchair = room.guests.some((id) => p.guests.get(id)?.wheelchair);
          const headingId = `rooming-room-${room.key}`;
          const title = roomTitle(index);
          return (
            <Paper
              key={room.key}
              withBorder
              p="sm"
              radius="md"
              component="section"
              aria-labelledby={headingId}
              data-room={index + 1}
              data-room-key={room.key}
            >
              <Stack gap="xs">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Title order={4} size="h5" id={headingId}>
                    {roomHeading(room, index)}
                  </Title>
                  <Text size="xs" fw={600} c={beds > room.capacity ? 'red.9' : 'dark.4'} style={{ whiteSpace: 'nowrap', flex: 'none' }} mt={4}>
                    {beds}/{room.capacity} bedden
                  </Text>
                </Group>
                {wheelchair && <WheelchairMark />}
                {problems.length > 0 && (
                  <Alert color="red" c="dark.7" p="xs" role="note" data-testid="room-problems">
                    {problems.join(' ')}
                  </Alert>
                )}
                <Group grow gap="xs">
                  {ROOM_NUMBERS.map(([field, city]) => (
                    <TextInput
                      key={field}
                      size="xs"
                      label={`Kamernummer ${city}`}
                      aria-label={`Kamernummer ${city} van ${title}`}
                      value={room[field]}
                      maxLength={20}
                      onChange={(e) => p.onNumbers(room.key, { [field]: e.currentTarget.value })}
                    />
                  ))}
                </Group>
                {room.guests.length === 0 ? (
                  <Group justify="space-between">
                    <Text size="sm" c="dark.4">
                      Lege kamer
                    </Text>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => p.onRemove(room.key)} aria-label={`${title} verwijderen`}>
                      Verwijderen
                    </Button>
                  </Group>
                ) : (
                  <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {room.guests.map((id) => {
                      const g = p.guests.get(id);
                      const name = g ? guestName(g) : `Gast ${id}`;
                      return (
                        <li key={id} className={classes.guestRow} data-guest={id}>
                          <Stack gap={4}>
                            <Group gap={6} wrap="wrap">
                              <Text size="sm" fw={500}>
                                {name}
                              </Text>
                              {g && (
                                <Text size="xs" c="dark.4">
                                  {guestDetails(g)}
                                </Text>
                              )}
                              {g?.wheelchair && <WheelchairMark />}
                            </Group>
                            <Group gap="xs" wrap="nowrap">
                              <NativeSelect
                                size="xs"
                                style={{ flex: 1 }}
                                aria-label={`Kamer van ${name}`}
                                value={room.key}
                                onChange={(e) => p.onMove(id, e.currentTarget.value)}
                                data={roomOptions(rooms, room.key, id, p.guests)}
                              />
                              {p.swapFrom === null ? (
                                <Button size="xs" variant="default" onClick={() => p.onSwapStart(id)} aria-label={`${name} wisselen`}>
                                  Wisselen
                                </Button>
                              ) : p.swapFrom === id ? (
                                <Button size="xs" variant="default" onClick={() => p.onSwapStart(null)} aria-label="Wisselen annuleren">
                                  Annuleren
                                </Button>
                              ) : (
                                <Button
                                  size="xs"
                                  variant="light"
                                  disabled={room.guests.includes(p.swapFrom)}
                                  onClick={() => p.onSwap(id)}
                                  aria-label={`Wissel ${p.swapName} met ${name}`}
                                >
                                  Hiermee wisselen
                                </Button>
                              )}
                            </Group>
                          </Stack>
                        </li>
                      );
                    })}
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {p.addControls}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------

function PreviewView({
  rooms,
  guests,
  title,
  version,
  dirty,
  busy,
  onDownload,
}: {
  rooms: EditorRoom[];
  guests: Map<number, GuestInfo>;
  title: string;
  version: number | null;
  dirty: boolean;
  busy: string | null;
  onDownload: (kind: 'pdf' | 'xlsx') => void;
}) {
  const pages = previewPages(rooms.filter((r) => r.guests.length > 0));
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Button onClick={() => onDownload('pdf')} loading={busy === 'pdf'} disabled={version === null || (busy !== null && busy !== 'pdf')}>
          PDF downloaden
        </Button>
        <Button
          variant="default"
          onClick={() => onDownload('xlsx')}
          loading={busy === 'xlsx'}
          disabled={version === null || (busy !== null && busy !== 'xlsx')}
        >
          XLSX downloaden
        </Button>
        <Text size="sm" c="dark.4">
          {version === null
            ? 'Sla de indeling eerst op; de downloads tonen een opgeslagen versie.'
            : dirty
              ? `De downloads tonen versie ${version}, zonder de niet-opgeslagen wijzigingen.`
              : `De downloads tonen versie ${version}.`}
        </Text>
      </Group>
      {pages.length === 0 ? (
        <Text c="dark.4">Er zijn nog geen kamers om te tonen.</Text>
      ) : (
        pages.map((page, i) => (
          <section key={i} className={classes.previewPage} aria-labelledby={`rooming-page-${i}`} data-preview-page={i + 1}>
            <Group justify="space-between" mb="sm">
              <Title order={4} size="h5" id={`rooming-page-${i}`}>
                Pagina {i + 1} van {pages.length}
              </Title>
              <Text size="xs" c="dark.4">
                Kamerindeling {title}
              </Text>
            </Group>
            <Stack gap="sm">
              {page.map(({ room, index }) => (
                <Paper key={room.key} withBorder p="sm" radius="sm" data-preview-room={index + 1}>
                  <Text fw={700} size="sm">
                    {roomHeading(room, index)}
                  </Text>
                  <Text size="xs" c="dark.4" mb={4}>
                    Mekka: {room.room_mekka || '–'} · Medina: {room.room_medina || '–'}
                  </Text>
                  <Stack gap={2} component="ol" m={0} pl="lg">
                    {room.guests.map((id) => {
                      const g = guests.get(id);
                      return (
                        <Text component="li" size="sm" key={id}>
                          {g ? guestName(g) : `Gast ${id}`}
                          {g && (
                            <Text span size="xs" c="dark.4">
                              {' '}
                              ({guestDetails(g)})
                            </Text>
                          )}
                          {g?.wheelchair && (
                            <Text span size="xs" fw={700}>
                              {' '}
                              · rolstoel
                            </Text>
                          )}
                        </Text>
                      );
                    })}
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </section>
        ))
      )}
    </Stack>
  );
}
