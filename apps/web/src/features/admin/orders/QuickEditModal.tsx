// 'Snel bewerken' of an admin order (SPEC 2, 7 order/update_flex): per room its size and extras,
// per guest the name. The server checks the room rules and the stock, prices the order again and
// logs the change; its Dutch message is shown as it is (e.g. 'Deze kamer is helaas uitverkocht.').
import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@umrah/domain/messages';
import { formatEuro } from '@umrah/domain/money';
import { ORDER_MSG } from '@umrah/domain/validation/order';
import { ApiError } from '../../../lib/api';
import type { AdminOrder } from './api';
import { quickEditOrder, type QuickEditPayload } from './remindersApi';

type Rooms = QuickEditPayload['rooms'];

const initialRooms = (order: AdminOrder): Rooms =>
  order.rooms.map((r) => ({
    id: r.id,
    room_type: r.room_type,
    extras: Array.isArray(r.flex.extras) ? r.flex.extras : [],
    guests: r.guests.map((g) => ({ id: g.id, first_name: g.first_name, last_name: g.last_name })),
  }));

export function QuickEditModal({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: () => Promise<unknown> }) {
  const [rooms, setRooms] = useState<Rooms>(() => initialRooms(order));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const updateRoom = (i: number, change: Partial<Rooms[number]>) => {
    setRooms((prev) => prev.map((r, j) => (j === i ? { ...r, ...change } : r)));
    setError(null);
  };
  const updateGuest = (i: number, g: number, field: 'first_name' | 'last_name', value: string) =>
    updateRoom(i, { guests: rooms[i].guests.map((x, k) => (k === g ? { ...x, [field]: value } : x)) });

  const save = async () => {
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
    setBusy(true);
    setError(null);
    try {
      const res = await quickEditOrder({
        id: order.id,
        rooms: rooms.map((r) => ({ ...r, guests: r.guests.map((g) => ({ ...g, first_name: g.first_name.trim(), last_name: g.last_name.trim() })) })),
      });
      notifications.show({
        color: res.changed ? 'green' : 'yellow',
        message: res.changed ? `${res.message} Nieuw totaal: ${formatEuro(res.order.total_price)}.` : res.message,
      });
      await onDone();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Snel bewerken – ${order.order_number}`} centered size="lg" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        {rooms.length === 0 && <Text c="dimmed">Deze bestelling heeft geen kamers.</Text>}
        {rooms.map((room, i) => (
          <Stack key={room.id} gap="xs" component="fieldset" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, padding: 12 }}>
            <Text component="legend" fw={600} size="sm" px={4}>
              Kamer {i + 1}
            </Text>
            <Stack gap={4}>
              <Text size="sm" fw={500} id={`qe-room-${room.id}-type`}>
                Kamertype
              </Text>
              <SegmentedControl
                aria-labelledby={`qe-room-${room.id}-type`}
                value={String(room.room_type)}
                onChange={(v) => updateRoom(i, { room_type: Number(v) })}
                data={[
                  { value: '2', label: '2 personen' },
                  { value: '3', label: '3 personen' },
                  { value: '4', label: '4 personen' },
                ]}
              />
            </Stack>
            {room.guests.map((g, k) => (
              <Group key={g.id} grow align="flex-start">
                <TextInput
                  label={`Voornaam reiziger ${k + 1}`}
                  value={g.first_name}
                  error={fieldErrors[`${g.id}.first_name`]}
                  onChange={(e) => updateGuest(i, k, 'first_name', e.currentTarget.value)}
                  maxLength={100}
                />
                <TextInput
                  label={`Achternaam reiziger ${k + 1}`}
                  value={g.last_name}
                  error={fieldErrors[`${g.id}.last_name`]}
                  onChange={(e) => updateGuest(i, k, 'last_name', e.currentTarget.value)}
                  maxLength={100}
                />
              </Group>
            ))}
            <TagsInput
              label="Extra's"
              description="Typ de naam van een extra van deze reis en druk op Enter."
              value={room.extras}
              onChange={(v) => updateRoom(i, { extras: v })}
            />
          </Stack>
        ))}
        <Text size="sm" c="dimmed">
          De server rekent de prijs opnieuw uit en verschuift de voorraad; de wijziging komt in het logboek van de bestelling.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuleren
          </Button>
          <Button loading={busy} onClick={() => void save()} disabled={rooms.length === 0}>
            Opslaan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
