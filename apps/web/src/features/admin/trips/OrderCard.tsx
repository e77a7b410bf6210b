// One order of a trip: number, customer, status, paid and open amounts, and its rooms with each
// guest's documents badge and a wheelchair mark; under them the dashboard's actions on the order
// (cancel, discounts, payment, quick edit, reminders with their logs, documents), docs/OFFICE.md.
import type { ReactNode } from 'react';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { OrderStatus, ageCategoryLabels, orderStatusLabels, type AgeCategory } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { DocumentsBadge } from '../../../components/DocumentsBadge';
import type { TripOrder } from './api';

export const ROOM_GENDER = ['Mannen', 'Vrouwen', 'Gemengd / familie'];
const GUEST_GENDER = ['man', 'vrouw'];

export function WheelchairMark() {
  return (
    <Badge variant="outline" color="blue" c="blue.9" tt="none" size="sm" data-testid="wheelchair">
      <span aria-hidden="true">♿ </span>Rolstoel
    </Badge>
  );
}

/** `actions`: the order's action bar once the trip's admin orders are in (a placeholder until then). */
export function OrderCard({ order, actions }: { order: TripOrder; actions?: ReactNode }) {
  const guests = order.rooms.reduce((n, r) => n + r.guests.length, 0);
  const status = order.status_label || (orderStatusLabels[order.status as OrderStatus] ?? String(order.status));
  return (
    <Paper component="article" withBorder radius="md" p="md" data-order={order.id} aria-labelledby={`trip-order-${order.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text component="h3" fw={700} size="lg" m={0} id={`trip-order-${order.id}`}>
              {order.number}
            </Text>
            <Text size="sm">{order.customer.name}</Text>
            <Text size="xs" c="dark.4" style={{ wordBreak: 'break-all' }}>
              {order.customer.email}
            </Text>
          </Stack>
          <Badge
            variant="light"
            c="dark.7"
            color={order.status === OrderStatus.COMPLETED ? 'green' : order.status === OrderStatus.DOWN_PAYMENT ? 'yellow' : 'gray'}
            tt="none"
            data-testid="order-status"
          >
            {status}
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
          {[
            ['Totaal', order.total_price],
            ['Betaald', order.total_payments],
            ['Open', order.open_amount],
          ].map(([label, cents]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dark.4">
                {label}
              </Text>
              <Text component="dd" m={0} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid={`order-${String(label).toLowerCase()}`}>
                {formatEuro(Number(cents))}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dark.4">
          {guests === 1 ? '1 gast' : `${guests} gasten`}
        </Text>
        {order.rooms.map((room, i) => (
          <Stack key={room.id ?? i} gap={4}>
            <Text size="sm" fw={600}>
              Kamer {i + 1}: {room.room_type}-persoonskamer, {ROOM_GENDER[room.room_gender] ?? ''}
              {room.exclusive ? ', exclusief' : ''}
            </Text>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {room.guests.map((g) => {
                const name = `${g.first_name} ${g.last_name}`.trim();
                return (
                  <Group component="li" key={g.id} gap={6} wrap="wrap" data-guest={g.id}>
                    <Text size="sm">
                      {name}{' '}
                      <Text span size="xs" c="dark.4">
                        ({(ageCategoryLabels[g.age_category as AgeCategory] ?? '').toLowerCase()}
                        {g.gender !== null && GUEST_GENDER[g.gender] ? `, ${GUEST_GENDER[g.gender]}` : ''})
                      </Text>
                    </Text>
                    <DocumentsBadge delivered={g.has_documents} size="sm" />
                    {g.wheelchair && <WheelchairMark />}
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        ))}
        {actions === undefined ? null : actions === null ? <Skeleton h={28} aria-label="Acties laden" /> : actions}
      </Stack>
    </Paper>
  );
}
