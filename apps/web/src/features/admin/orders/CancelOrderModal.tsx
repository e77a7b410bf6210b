// 'Annuleren' of the admin orders list: a confirmation, then POST /api/order/cancel/{id}; the
// server's message ('Bestelling is geannuleerd.' / 'Deze bestelling was al geannuleerd.') is shown.
import { Text } from '@mantine/core';
import { creditDocumentFor, ORDER_DOCUMENTS } from '@umrah/domain/documents';
import { formatEuro } from '@umrah/domain/money';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useCancelOrder, type AdminOrder } from './api';
import { customerName } from './rules';

export function CancelOrderModal({
  order,
  onClose,
  onDone,
}: {
  order: Pick<AdminOrder, 'id' | 'order_number' | 'user' | 'total_price' | 'total_payments'>;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const cancel = useCancelOrder({
    onSuccess: async (res) => {
      notifySuccess(res.message, { color: res.changed ? 'green' : 'yellow' });
      await onDone();
      onClose();
    },
  });
  const credit = creditDocumentFor({ total: order.total_price, paid: order.total_payments });

  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={`Bestelling ${order.order_number} annuleren`}
      centered
      cancelLabel="Terug"
      confirmLabel="Bestelling annuleren"
      onConfirm={() => cancel.mutate(order.id)}
      busy={cancel.isPending}
      error={errorMessage(cancel.error)}
    >
      <Text>
        Weet je zeker dat je bestelling {order.order_number} van {customerName(order.user)} ({order.user.email}) wilt annuleren? De plaatsen gaan
        terug in de voorraad en de klant krijgt een annuleringsmail.
      </Text>
      <Text size="sm" c="dimmed">
        {credit
          ? `Er is ${formatEuro(order.total_payments)} betaald: de ${ORDER_DOCUMENTS[credit].title.toLowerCase()} gaat als bijlage mee.`
          : 'Er is nog niets betaald.'}
      </Text>
    </ConfirmModal>
  );
}
