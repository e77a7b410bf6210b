// The entries of a cart with their edit modal per kind (room → the wizard, lesson → availability,
// donation → amount) and removal at index. Used by /winkelwagen (cards) and /admin-winkelwagen (table).
import { useState } from 'react';
import { Badge, Button, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import { removeCartItem, type CartKey } from './cartStorage';
import { guestDetails, roomGenderLabel } from './describe';
import { ArabiaEditModal, FundEditModal } from './EditModals';
import { cartKind, type CartKind } from './order';
import { useRoomEditor } from './roomEditor';
import type { ArabiaEntry, CartEntry, FundEntry, UmrahEntry } from './types';
import { TableHead } from '../../components/TableHead';

export const KIND_LABELS: Record<CartKind, string> = {
  umrah: 'Umrah',
  arabia: 'Arabische les',
  fund: 'Donatie',
  product: 'Product',
};

export interface EntryText {
  kind: CartKind | null;
  title: string;
  details: string[];
  editable: boolean;
}

/** What a cart entry is, in words (entries come from localStorage: read defensively). */
export function describeEntry(raw: unknown): EntryText {
  const kind = cartKind(raw);
  const e = raw as Partial<CartEntry> & Record<string, unknown>;
  if (kind === 'umrah') {
    const r = e as UmrahEntry;
    const guests = Array.isArray(r.guests) ? r.guests : [];
    return {
      kind,
      title: r.trip?.label ?? 'Umrah',
      details: [
        ...(r.trip ? [`${formatDate(r.trip.start)} t/m ${formatDate(r.trip.end)}`] : []),
        `${r.room_type}-persoonskamer · ${roomGenderLabel(r.room_gender)}${r.exclusive ? ' · exclusief gebruik' : ''}`,
        ...guests.map((g) => `${g.first_name} ${g.last_name} (${guestDetails(g, r.room_gender)})`),
      ],
      editable: true,
    };
  }
  if (kind === 'arabia') {
    const a = e as ArabiaEntry;
    return {
      kind,
      title: a.label ?? 'Arabische les',
      details: [`Dagen: ${(a.available_days ?? []).join(', ') || '-'}`, `Tijden: ${(a.available_times ?? []).join(', ') || '-'}`],
      editable: true,
    };
  }
  if (kind === 'fund') {
    const f = e as FundEntry;
    return { kind, title: f.label ?? 'Donatie', details: [`Bedrag: ${formatEuro(Number(f.value) || 0)}`], editable: true };
  }
  if (kind === 'product')
    return { kind, title: typeof e.label === 'string' ? e.label : `Product ${String(e.id ?? '')}`, details: [], editable: false };
  return { kind: null, title: 'Onbekend item', details: [], editable: false };
}

type Editing = { index: number; entry: unknown } | null;

function EditModal({ cartKey, editing, onClose }: { cartKey: CartKey; editing: Editing; onClose: () => void }) {
  const editRoom = useRoomEditor();
  if (!editing) return null;
  const kind = cartKind(editing.entry);
  if (kind === 'umrah' && editRoom) return editRoom({ cartKey, index: editing.index, entry: editing.entry as UmrahEntry, onClose });
  if (kind === 'arabia') return <ArabiaEditModal cartKey={cartKey} index={editing.index} entry={editing.entry as ArabiaEntry} onClose={onClose} />;
  if (kind === 'fund') return <FundEditModal cartKey={cartKey} index={editing.index} entry={editing.entry as FundEntry} onClose={onClose} />;
  return null;
}

function Actions({ text, index, onEdit, onRemove }: { text: EntryText; index: number; onEdit: () => void; onRemove: () => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      {text.editable && (
        <Button size="xs" variant="light" onClick={onEdit} aria-label={`Item ${index + 1} wijzigen`}>
          Wijzigen
        </Button>
      )}
      <Button size="xs" variant="light" color="red" onClick={onRemove} aria-label={`Item ${index + 1} verwijderen`}>
        Verwijderen
      </Button>
    </Group>
  );
}

/** The cart as cards (phone friendly), each with 'Wijzigen' and 'Verwijderen'. */
export function CartCards({ cartKey, entries }: { cartKey: CartKey; entries: readonly unknown[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Stack gap="sm">
      {entries.map((entry, index) => {
        const text = describeEntry(entry);
        return (
          <Card
            key={index}
            withBorder
            radius="md"
            padding="md"
            component="article"
            aria-label={`Item ${index + 1}: ${text.title}`}
            data-testid="winkelwagen-item"
          >
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Badge variant="light" w="fit-content">
                    {text.kind ? KIND_LABELS[text.kind] : 'Onbekend'}
                  </Badge>
                  <Text fw={600}>{text.title}</Text>
                </Stack>
              </Group>
              {text.details.map((d, i) => (
                <Text key={i} size="sm">
                  {d}
                </Text>
              ))}
              <Actions text={text} index={index} onEdit={() => setEditing({ index, entry })} onRemove={() => removeCartItem(cartKey, index)} />
            </Stack>
          </Card>
        );
      })}
      <EditModal cartKey={cartKey} editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** The admin cart as a table. */
export function CartTable({ cartKey, entries }: { cartKey: CartKey; entries: readonly unknown[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <ScrollArea type="auto">
        <Table striped miw={640} aria-label="Admin winkelwagen" verticalSpacing="sm">
          <TableHead columns={['#', 'Soort', 'Omschrijving', 'Acties']} />
          <Table.Tbody>
            {entries.map((entry, index) => {
              const text = describeEntry(entry);
              return (
                <Table.Tr key={index} data-testid="admin-winkelwagen-item">
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{text.kind ? KIND_LABELS[text.kind] : 'Onbekend'}</Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {text.title}
                    </Text>
                    {text.details.map((d, i) => (
                      <Text key={i} size="xs">
                        {d}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Actions text={text} index={index} onEdit={() => setEditing({ index, entry })} onRemove={() => removeCartItem(cartKey, index)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <EditModal cartKey={cartKey} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
