// 'Bewerken' of the rooming editor: staff move a guest to another room, swap two guests, add an
// empty room and fill in the Mekka and Medina room numbers. Every change goes through the editor's
// rules (editor.ts); a room that breaks one says so while it is being edited.
import type { ReactNode } from 'react';
import { Alert, Button, Group, List, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { WheelchairMark } from '../OrderCard';
import classes from '../trips.module.css';
import {
  bedsIn,
  fits,
  guestName,
  kindLabel,
  liveProblems,
  ROOM_CAPACITIES,
  ROOM_KINDS,
  roomTitle,
  type EditorRoom,
  type GuestInfo,
  type RoomKind,
} from './editor';
import { guestDetails, roomHeading } from './labels';
import type { RoomNumbers } from './useRoomingEditor';

export interface EditViewProps {
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
  onNumbers: (key: string, numbers: RoomNumbers) => void;
  onRemove: (key: string) => void;
  problems: ReturnType<typeof liveProblems> | null;
  addControls: ReactNode;
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

/** Bewerken: the unplaced guests, then each room with its numbers, its guests and their moves. */
export function EditView(p: EditViewProps) {
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
      <NoteList color="yellow" title="Let op" notes={p.warnings} />
      <NoteList color="red" title="Deze indeling breekt een regel" notes={p.problems?.general ?? []} />
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
      {p.unplaced.length > 0 && <UnplacedGuests unplaced={p.unplaced} rooms={rooms} guests={p.guests} onMove={p.onMove} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {rooms.map((room, index) => (
          <RoomCard key={room.key} room={room} index={index} rooms={rooms} view={p} />
        ))}
      </SimpleGrid>
      {p.addControls}
    </Stack>
  );
}

/** Warnings or broken rules as a list in an alert; nothing when there are none. */
function NoteList({ color, title, notes }: { color: string; title: string; notes: string[] }) {
  if (notes.length === 0) return null;
  return (
    <Alert color={color} c="dark.7" title={title} role="note">
      <List size="sm">
        {notes.map((w) => (
          <List.Item key={w}>{w}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function UnplacedGuests({
  unplaced,
  rooms,
  guests,
  onMove,
}: {
  unplaced: GuestInfo[];
  rooms: EditorRoom[];
  guests: Map<number, GuestInfo>;
  onMove: EditViewProps['onMove'];
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="rooming-unplaced">
      <Title order={4} size="h5" id="rooming-unplaced" mb="xs">
        Niet ingedeeld ({unplaced.length})
      </Title>
      <Stack gap="xs">
        {unplaced.map((g) => (
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
              onChange={(e) => e.currentTarget.value && onMove(g.id, e.currentTarget.value)}
              data={[{ value: '', label: 'Kies een kamer' }, ...roomOptions(rooms, null, g.id, guests)]}
            />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** One room: its beds, the rules it breaks, its room numbers and its guests (or 'Lege kamer'). */
function RoomCard({ room, index, rooms, view: p }: { room: EditorRoom; index: number; rooms: EditorRoom[]; view: EditViewProps }) {
  const problems = p.problems?.byRoom.get(room.key) ?? [];
  const beds = bedsIn(room, p.guests);
  const wheelchair = room.guests.some((id) => p.guests.get(id)?.wheelchair);
  const headingId = `rooming-room-${room.key}`;
  const title = roomTitle(index);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId} data-room={index + 1} data-room-key={room.key}>
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
            {room.guests.map((id) => (
              <RoomGuest key={id} id={id} room={room} rooms={rooms} view={p} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** A guest in a room: who, the room to move to, and the swap button for the current swap state. */
function RoomGuest({ id, room, rooms, view: p }: { id: number; room: EditorRoom; rooms: EditorRoom[]; view: EditViewProps }) {
  const g = p.guests.get(id);
  const name = g ? guestName(g) : `Gast ${id}`;
  return (
    <li className={classes.guestRow} data-guest={id}>
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
}

/** The size and kind of a new, empty room, and 'Kamer toevoegen'. */
export function AddRoomControls({
  capacity,
  kind,
  onChange,
  onAdd,
}: {
  capacity: string;
  kind: RoomKind;
  onChange: (choice: { capacity?: string; kind?: RoomKind }) => void;
  onAdd: () => void;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Grootte nieuwe kamer"
        value={capacity}
        onChange={(e) => onChange({ capacity: e.currentTarget.value })}
        data={ROOM_CAPACITIES.map((c) => ({ value: String(c), label: `${c}-persoonskamer` }))}
      />
      <NativeSelect
        label="Soort nieuwe kamer"
        value={kind}
        onChange={(e) => onChange({ kind: e.currentTarget.value as RoomKind })}
        data={ROOM_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
      />
      <Button variant="default" onClick={onAdd}>
        Kamer toevoegen
      </Button>
    </Group>
  );
}
