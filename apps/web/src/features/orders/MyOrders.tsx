// 'Mijn bestellingen': the customer's orders with rooms, guests, lines, what is paid and what is
// open, and the pay actions of docs/RULES.md, 'Screens' (Restbetaling, or Volledig betalen and Aanbetaling 50%).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Accordion, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ageCategoryLabels, OrderStatus, orderStatusLabels, type AgeCategory } from '@umrah/domain/enums';
import { formatDate } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import { mayDeliverDocuments, mayPay } from '@umrah/domain/order-state';
import { PAYMENT_MSG } from '@umrah/domain/validation/payment';
import { EmptyState, LoadError } from '../../components/Feedback';
import { FormError } from '../../components/admin-kit/FormFooter';
import { AmountRow, OrderLinesTable } from '../../components/Amounts';
import { orderRoomTitle } from '../../components/orderRooms';
import { DocumentsBadge } from '../../components/DocumentsBadge';
import { ApiError } from '../../lib/api';
import { usePreparePayment } from '../checkout';
import { MyQuotes } from '../invoices';
import { useMyOrders, type MyOrder } from './api';
import { OrderDocuments } from './OrderDocuments';

export type { MyOrder } from './api';

/** docs/RULES.md, 'Screens': LEAD is shown as 'Niet betaald'. */
export const statusLabel = (status: number) =>
  status === OrderStatus.LEAD ? 'Niet betaald' : (orderStatusLabels[status as OrderStatus] ?? String(status));

const STATUS_COLOR: Record<number, string> = {
  [OrderStatus.PENDING]: 'yellow',
  [OrderStatus.LEAD]: 'orange',
  [OrderStatus.COMPLETED]: 'green',
  [OrderStatus.CANCELLED]: 'gray',
  [OrderStatus.DOWN_PAYMENT]: 'blue',
};

/** What the documents button reads of an order; an answer without the documents fields counts guest by guest. */
type DocumentsState = Pick<MyOrder, 'status' | 'total_payments'> & {
  documents_complete?: boolean;
  rooms: { guests: { has_documents?: boolean }[] }[];
};
/** What the pay buttons read of an order; without down_payment_allowed 50 % is offered. */
type PayState = Pick<MyOrder, 'status' | 'total_price' | 'total_payments'> & { down_payment_allowed?: boolean };

/** docs/RULES.md, 'Screens': 'Documenten aanleveren' while something is paid and not every guest has documents. */
export function needsDocuments(o: DocumentsState): boolean {
  if (o.total_payments <= 0 || !mayDeliverDocuments(o.status)) return false;
  const guests = o.rooms.flatMap((r) => r.guests);
  if (guests.length === 0) return false;
  return o.documents_complete === undefined ? guests.some((g) => g.has_documents !== true) : !o.documents_complete;
}

/**
 * Which pay buttons an order gets: the rest once something is paid, else 100 %, and 50 % only when
 * the server allows a down payment (an order placed for full payment, or past the payment deadline,
 * is paid in full).
 */
export function payActions(o: PayState): ('rest' | 'full' | 'half')[] {
  if (!mayPay(o.status)) return [];
  if (o.total_payments > 0) return o.total_price > o.total_payments ? ['rest'] : [];
  if (o.total_price <= 0) return [];
  return o.down_payment_allowed === false ? ['full'] : ['full', 'half'];
}

/** The pay buttons of one order in 'Mijn bestellingen', with why only the full amount is possible when that is so. */
export function PayButtons({ order }: { order: MyOrder }) {
  const prepare = usePreparePayment(order.id);
  // Busy from the click until the browser has left for the provider.
  const [busy, setBusy] = useState<50 | 100 | null>(null);
  const actions = payActions(order);
  if (actions.length === 0) return null;
  const pay = (percent: 50 | 100) => {
    setBusy(percent);
    prepare.mutate(percent, { onError: () => setBusy(null) });
  };
  const error = prepare.error ? (prepare.error instanceof ApiError ? prepare.error.message : PAYMENT_MSG.unknownError) : null;
  return (
    <Stack gap="xs">
      {actions.includes('full') && order.down_payment_message && (
        // Why only the full amount, before the customer pays (docs/MONEY.md).
        <Text size="sm" data-testid="down-payment-closed">
          {order.down_payment_message}
        </Text>
      )}
      <Group>
        {actions.includes('rest') && (
          <Button onClick={() => pay(100)} loading={busy === 100}>
            Restbetaling
          </Button>
        )}
        {actions.includes('full') && (
          <Button onClick={() => pay(100)} loading={busy === 100} disabled={busy !== null}>
            Volledig betalen
          </Button>
        )}
        {actions.includes('half') && (
          <Button variant="light" onClick={() => pay(50)} loading={busy === 50} disabled={busy !== null}>
            Aanbetaling 50%
          </Button>
        )}
      </Group>
      <FormError error={error} />
    </Stack>
  );
}

function OrderDetails({ order }: { order: MyOrder }) {
  return (
    <Stack>
      {order.rooms.map((room, i) => (
        <Stack key={room.id} gap={4}>
          <Text fw={600}>{orderRoomTitle(room, i)}</Text>
          <Text size="sm" component="ul" m={0} pl="lg">
            {room.guests.map((g) => (
              <li key={g.id}>
                {g.first_name} {g.last_name} ({(ageCategoryLabels[g.age_category as AgeCategory] ?? '').toLowerCase()})
                {g.has_documents !== undefined && <DocumentsBadge delivered={g.has_documents} ml="xs" size="sm" data-testid="guest-documents" />}
              </li>
            ))}
          </Text>
        </Stack>
      ))}
      <OrderLinesTable order={order} />
      <Stack gap={2} maw={360} ml="auto" w="100%">
        <AmountRow label="Totaal" value={order.total_price} strong />
        <AmountRow label="Betaald" value={order.total_payments} testId="order-paid" />
        <AmountRow label="Openstaand" value={order.amount_open} testId="order-open" />
      </Stack>
      <PayButtons order={order} />
      {needsDocuments(order) && (
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={`/visum/invoeren/${order.id}`} color="teal">
            Documenten aanleveren
          </Button>
          <Text size="sm" c="dimmed">
            Paspoortgegevens en pasfoto per reiziger, nodig voor het visum.
          </Text>
        </Group>
      )}
      <OrderDocuments order={order} />
      {/* 'Mijn reis': the paid trip on the phone, also offline (docs/RULES.md, 'Mijn reis'). A full page
          load, not a router link: its service worker only takes pages that were opened at /account/reis/. */}
      {mayDeliverDocuments(order.status) && order.rooms.length > 0 && (
        <Group gap="sm" wrap="wrap">
          <Button component="a" href={`/account/reis/${order.id}`} variant="light" color="teal">
            Mijn reis
          </Button>
          <Text size="sm" c="dimmed">
            Hotels, kamer, reisleider, programma en documenten, ook zonder internet.
          </Text>
        </Group>
      )}
    </Stack>
  );
}

export function MyOrders({ orderId }: { orderId?: number }) {
  const navigate = useNavigate();
  const orders = useMyOrders();
  const open = orderId !== undefined ? String(orderId) : null;

  return (
    <Stack>
      <Title order={2} size="h3">
        Mijn bestellingen
      </Title>
      {orders.isError ? (
        <LoadError />
      ) : orders.isPending ? (
        <Stack gap="xs">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : orders.data.length === 0 ? (
        <EmptyState>Je hebt nog geen bestellingen.</EmptyState>
      ) : (
        <Accordion
          variant="separated"
          value={open}
          onChange={(v) => navigate(v ? `/account/bestellingen/${v}` : '/account/bestellingen', { replace: true })}
          aria-label="Bestellingen"
        >
          {orders.data.map((o) => (
            <Accordion.Item key={o.id} value={String(o.id)} data-order={o.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="wrap" gap="xs" pr="sm">
                  <Group gap="sm">
                    <Text fw={700}>Bestelling {o.order_number}</Text>
                    <Badge color={STATUS_COLOR[o.status] ?? 'gray'} variant="light" tt="none" data-testid="order-status">
                      {statusLabel(o.status)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatDate(o.created_at)} · {formatEuro(o.total_price)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <OrderDetails order={o} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <MyQuotes />
    </Stack>
  );
}
