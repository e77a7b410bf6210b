// The actions on one order (docs/RULES.md, 'Screens: Orders', 'States'): cancel, discounts, a payment, quick edit, the
// payment and document reminders with their logs, and the order's documents; and the dialogs they
// open. The dashboard's orders list and the trip page's order cards (docs/OFFICE.md) both use these.
import { Button, Group } from '@mantine/core';
import { OrderDocuments } from '../../orders';
import { PaymentModal } from '../payments';
import { useReadOnlyAdmin } from '../roles';
import type { AdminOrder } from './api';
import { CancelOrderModal } from './CancelOrderModal';
import { DiscountsModal } from './DiscountsModal';
import { QuickEditModal } from './QuickEditModal';
import { ReminderModal } from './ReminderModal';
import { orderActions } from './rules';

export type OrderDialog = { kind: 'cancel' | 'discounts' | 'payment' | 'quickEdit' | 'payments' | 'documents'; order: AdminOrder } | null;

export function OrderActionsBar({ order, onAction }: { order: AdminOrder; onAction: (d: NonNullable<OrderDialog>) => void }) {
  const actions = orderActions(order);
  // The bookkeeper reads: no cancel, discounts, payments, quick edit or reminders (docs/RULES.md, 'Roles').
  const readOnly = useReadOnlyAdmin();
  return (
    <Group gap="xs" justify="space-between" align="flex-start">
      {!readOnly && (
        <Group gap="xs" role="group" aria-label="Acties">
          {actions.cancel && (
            <Button size="xs" color="red" variant="light" onClick={() => onAction({ kind: 'cancel', order })}>
              Annuleren
            </Button>
          )}
          {actions.editDiscounts && (
            <Button size="xs" variant="light" onClick={() => onAction({ kind: 'discounts', order })}>
              Kortingen wijzigen
            </Button>
          )}
          {actions.addPayment && (
            <Button size="xs" variant="light" color="teal" onClick={() => onAction({ kind: 'payment', order })}>
              Betaling toevoegen
            </Button>
          )}
          {actions.editDiscounts && (
            <Button size="xs" variant="light" onClick={() => onAction({ kind: 'quickEdit', order })}>
              Snel bewerken
            </Button>
          )}
          <Button size="xs" variant="light" color="grape" onClick={() => onAction({ kind: 'payments', order })}>
            Herinneringen betaling
          </Button>
          <Button size="xs" variant="light" color="grape" onClick={() => onAction({ kind: 'documents', order })}>
            Herinneringen documenten
          </Button>
        </Group>
      )}
      <OrderDocuments order={order} withCredit />
    </Group>
  );
}

/** The dialog an action opened; `onDone` refreshes the lists after a change. */
export function OrderDialogs({ dialog, onClose, onDone }: { dialog: OrderDialog; onClose: () => void; onDone: () => Promise<unknown> }) {
  return (
    <>
      {dialog?.kind === 'cancel' && <CancelOrderModal order={dialog.order} onClose={onClose} onDone={onDone} />}
      {dialog?.kind === 'discounts' && <DiscountsModal order={dialog.order} onClose={onClose} onDone={onDone} />}
      {dialog?.kind === 'quickEdit' && <QuickEditModal order={dialog.order} onClose={onClose} onDone={onDone} />}
      {(dialog?.kind === 'payments' || dialog?.kind === 'documents') && (
        <ReminderModal order={dialog.order} kind={dialog.kind} onClose={onClose} onDone={onDone} />
      )}
      {dialog?.kind === 'payment' && (
        <PaymentModal
          payment="new"
          orderId={dialog.order.id}
          onClose={onClose}
          onSaved={() => {
            onClose();
            void onDone();
          }}
        />
      )}
    </>
  );
}
