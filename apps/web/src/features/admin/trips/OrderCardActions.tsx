// Under a trip page's order card: the dashboard's action bar, and on request the dashboard's details
// of the order (guests with their visa documents to view, download or reset, the lines, the
// discount codes and the order's log), so staff need not leave the trip to work on an order.
import { useState } from 'react';
import { Button, Collapse, Stack } from '@mantine/core';
import { OrderActionsBar, OrderDetails, type AdminOrder, type OrderDialog } from '../orders';

export function OrderCardActions({ order, onAction }: { order: AdminOrder; onAction: (d: NonNullable<OrderDialog>) => void }) {
  const [open, setOpen] = useState(false);
  const id = `trip-order-${order.id}-details`;
  return (
    <Stack gap="xs">
      <OrderActionsBar order={order} onAction={onAction} />
      <Button size="compact-sm" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id} w="fit-content">
        {open ? 'Details en logboek verbergen' : 'Details en logboek'}
      </Button>
      <Collapse expanded={open} id={id}>
        {open && <OrderDetails order={order} />}
      </Collapse>
    </Stack>
  );
}
