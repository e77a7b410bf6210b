// Step 3: the room as it will be ordered, priced by the server (POST /api/order/preview).
import { Alert, Divider, Group, List, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@umrah/domain/dates';
import { AgeCategory, Gender, ageCategoryLabels, typeClassLabels } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { ApiError } from '../../lib/api';
import { DISCOUNT_KINDS, type OrderPreview } from '../cart/preview';
import type { UmrahEntry } from '../cart/types';
import { roomGenderLabel } from './rules';

export function guestDetails(g: UmrahEntry['guests'][number], roomGender: number): string {
  const parts: string[] = [ageCategoryLabels[g.age_category]];
  if (roomGender === Gender.MIX && g.gender !== null) parts.push(g.gender === Gender.MALE ? 'man' : 'vrouw');
  if (g.age_category !== AgeCategory.ADULT && !g.bed_included) parts.push('zonder eigen bed');
  if (!g.european_passport) parts.push('geen Europees paspoort');
  if (g.flex?.disabled) parts.push('rolstoel');
  return parts.join(', ');
}

export function RoomSummary({ entry }: { entry: UmrahEntry }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{entry.trip.label}</Text>
      <Text size="sm">
        {formatDate(entry.trip.start)} t/m {formatDate(entry.trip.end)} · {typeClassLabels[entry.trip.type_class]}
      </Text>
      <Text size="sm">
        {entry.room_type}-persoonskamer · {roomGenderLabel(entry.room_gender)}
        {entry.exclusive ? ' · exclusief gebruik' : ''}
        {entry.extras.length > 0 ? ` · extra's: ${entry.extras.join(', ')}` : ''}
      </Text>
      <List size="sm" spacing={2}>
        {entry.guests.map((g, i) => (
          <List.Item key={i}>
            {g.first_name} {g.last_name} <Text span c="dimmed" size="sm">({guestDetails(g, entry.room_gender)})</Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The priced lines of a preview, its discounts and total. */
export function PreviewTable({ data, totalLabel, testId }: { data: OrderPreview; totalLabel: string; testId: string }) {
  const items = data.lines.filter((l) => !DISCOUNT_KINDS.includes(l.kind));
  const discounts = data.lines.filter((l) => DISCOUNT_KINDS.includes(l.kind));
  return (
    <Stack gap="xs">
      <Table aria-label="Prijsopbouw" verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {[...items, ...discounts].map((l, i) => (
            <Table.Tr key={i}>
              <Table.Td>
                {l.quantity > 1 ? `${l.quantity} × ` : ''}
                {l.label}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={l.total < 0 ? 'green.8' : undefined}>
                {formatEuro(l.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>{totalLabel}</Text>
        <Text fw={700} data-testid={testId}>
          {formatEuro(data.total_price)}
        </Text>
      </Group>
    </Stack>
  );
}

export function PreviewState({
  isPending,
  error,
  data,
  totalLabel,
  testId,
}: {
  isPending: boolean;
  error: unknown;
  data: OrderPreview | undefined;
  totalLabel: string;
  testId: string;
}) {
  if (error) {
    return (
      <Alert color="red" role="alert" title="Dit kan zo niet worden besteld">
        {error instanceof ApiError ? error.message : 'Onbekende fout'}
      </Alert>
    );
  }
  if (isPending || !data) {
    return (
      <Stack gap="xs" aria-label="Prijs berekenen" role="status">
        <Skeleton height={20} />
        <Skeleton height={20} />
        <Skeleton height={20} width="60%" />
      </Stack>
    );
  }
  return <PreviewTable data={data} totalLabel={totalLabel} testId={testId} />;
}
