// 'Annuleren' of the admin orders list: a confirmation, then POST /api/order/cancel/{id}; the
// server's message ('Bestelling is geannuleerd.' / 'Deze bestelling was al geannuleerd.') is shown.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { creditDocumentFor, ORDER_DOCUMENTS } from '@umrah/domain/documents';
import { formatEuro } from '@umrah/domain/money';
import { MSG } from '@umrah/domain/messages';
import { ApiError } from '../../../lib/api';
import { cancelOrder, type AdminOrder } from './api';
import { customerName } from './rules';

export function CancelOrderModal({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const credit = creditDocumentFor({ total: order.total_price, paid: order.total_payments });

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await cancelOrder(order.id);
      notifications.show({ color: res.changed ? 'green' : 'yellow', message: res.message });
      await onDone();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Bestelling ${order.order_number} annuleren`} centered closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text>
          Weet je zeker dat je bestelling {order.order_number} van {customerName(order.user)} ({order.user.email}) wilt annuleren? De plaatsen
          gaan terug in de voorraad en de klant krijgt een annuleringsmail.
        </Text>
        <Text size="sm" c="dimmed">
          {credit
            ? `Er is ${formatEuro(order.total_payments)} betaald: de ${ORDER_DOCUMENTS[credit].title.toLowerCase()} gaat als bijlage mee.`
            : 'Er is nog niets betaald.'}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Terug
          </Button>
          <Button color="red" loading={busy} onClick={confirm}>
            Bestelling annuleren
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
