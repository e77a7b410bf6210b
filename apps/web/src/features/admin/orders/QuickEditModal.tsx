// 'Snel bewerken' of an admin order (docs/RULES.md, 'Screens', 'Calls' order/update_flex): per room its size and extras,
// per guest the name. The server checks the room rules and the stock, prices the order again and
// logs the change; its Dutch message is shown as it is (e.g. 'Deze kamer is helaas uitverkocht.').
import { useState } from 'react';
import { Group, Modal, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { formatEuro } from '@umrah/domain/money';
import { ORDER_MSG } from '@umrah/domain/validation/order';
import { FormFooter } from '../../../components/admin-kit/FormFooter';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useQuickEditOrder, type AdminOrder, type QuickEditPayload } from './api';

type Rooms = QuickEditPayload['rooms'];

const NAME_FIELDS = [
  ['first_name', 'Voornaam'],
  ['last_name', 'Achternaam'],
] as const;

const initialRooms = (order: Pick<AdminOrder, 'rooms'>): Rooms =>
  order.rooms.map((r) => ({
    id: r.id,
    room_type: r.room_type,
    extras: Array.isArray(r.flex.extras) ? r.flex.extras : [],
    guests: r.guests.map((g) => ({ id: g.id, first_name: g.first_name, last_name: g.last_name })),
  }));

export function QuickEditModal({
  order,
  onClose,
  onDone,
}: {
  order: Pick<AdminOrder, 'id' | 'order_number' | 'rooms'>;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const [rooms, setRooms] = useState<Rooms>(() => initialRooms(order));
  const edit = useQuickEditOrder({
    onSuccess: async (res) => {
      notifySuccess(res.changed ? `${res.message} Nieuw totaal: ${formatEuro(res.order.total_price)}.` : res.message, {
        color: res.changed ? 'green' : 'yellow',
      });
      await onDone();
      onClose();
    },
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const updateRoom = (i: number, change: Partial<Rooms[number]>) => {
    setRooms((prev) => prev.map((r, j) => (j === i ? { ...r, ...change } : r)));
    if (edit.isError) edit.reset();
  };
  const updateGuest = (i: number, g: number, field: 'first_name' | 'last_name', value: string) => {
    const room = rooms[i];
    if (room) updateRoom(i, { guests: room.guests.map((x, k) => (k === g ? { ...x, [field]: value } : x)) });
  };

  const save = () => {
    // The required names are checked here first, with the messages of the order form.
    const missing: Record<string, string> = {};
    rooms.forEach((r) =>
      r.guests.forEach((g) => {
        if (!g.first_name.trim()) missing[`${g.id}.first_name`] = ORDER_MSG.firstName;
        if (!g.last_name.trim()) missing[`${g.id}.last_name`] = ORDER_MSG.lastName;
      }),
    );
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    edit.mutate({
      id: order.id,
      rooms: rooms.map((r) => ({ ...r, guests: r.guests.map((g) => ({ ...g, first_name: g.first_name.trim(), last_name: g.last_name.trim() })) })),
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Snel bewerken – ${order.order_number}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        {rooms.length === 0 && <Text c="dimmed">Deze bestelling heeft geen kamers.</Text>}
        {rooms.map((room, i) => (
          <RoomFields
            key={room.id}
            room={room}
            index={i}
            fieldErrors={fieldErrors}
            onRoom={(change) => updateRoom(i, change)}
            onGuest={(k, field, value) => updateGuest(i, k, field, value)}
          />
        ))}
        <Text size="sm" c="dimmed">
          De server rekent de prijs opnieuw uit en verschuift de voorraad; de wijziging komt in het logboek van de bestelling.
        </Text>
        <FormFooter error={errorMessage(edit.error)} onCancel={onClose} onSubmit={save} busy={edit.isPending} submitDisabled={rooms.length === 0} />
      </Stack>
    </Modal>
  );
}

function RoomFields({
  room,
  index,
  fieldErrors,
  onRoom,
  onGuest,
}: {
  room: Rooms[number];
  index: number;
  fieldErrors: Record<string, string>;
  onRoom: (change: Partial<Rooms[number]>) => void;
  onGuest: (guest: number, field: 'first_name' | 'last_name', value: string) => void;
}) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, padding: 12 }}>
      <Text component="legend" fw={600} size="sm" px={4}>
        Kamer {index + 1}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`qe-room-${room.id}-type`}>
          Kamertype
        </Text>
        <SegmentedControl
          aria-labelledby={`qe-room-${room.id}-type`}
          value={String(room.room_type)}
          onChange={(v) => onRoom({ room_type: Number(v) })}
          data={[
            { value: '2', label: '2 personen' },
            { value: '3', label: '3 personen' },
            { value: '4', label: '4 personen' },
          ]}
        />
      </Stack>
      {room.guests.map((g, k) => (
        <Group key={g.id} grow align="flex-start">
          {NAME_FIELDS.map(([field, label]) => (
            <TextInput
              key={field}
              label={`${label} reiziger ${k + 1}`}
              value={g[field]}
              error={fieldErrors[`${g.id}.${field}`]}
              onChange={(e) => onGuest(k, field, e.currentTarget.value)}
              maxLength={100}
            />
          ))}
        </Group>
      ))}
      <TagsInput
        label="Extra's"
        description="Typ de naam van een extra van deze reis en druk op Enter."
        value={room.extras}
        onChange={(v) => onRoom({ extras: v })}
      />
    </Stack>
  );
}
