// 'Kortingen wijzigen': the order's discount codes (flex.discounts) as tags. Saving sends the whole
// order back (POST /api/order/{id}); the server checks the codes, prices it again and answers in
// Dutch ('Deze kortingscode bestaat niet.', 'Kortingscode is verlopen.', ...).
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TagsInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { KID_WITHOUT_BED_VOUCHER } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { formatEuro } from '@umrah/domain/money';
import type { VoucherDto } from '@umrah/domain/validation/voucher';
import { ApiError, apiGet } from '../../../lib/api';
import { updateOrder, type AdminOrder } from './api';
import { chosenDiscounts, cleanDiscounts, orderPayload } from './payload';

/** The newest active codes as suggestions; any other code can be typed. */
const fetchVoucherLabels = (signal?: AbortSignal) =>
  apiGet<{ vouchers: VoucherDto[] }>('/api/vouchers', { page: 1, pageSize: 100 }, signal).then((r) =>
    r.vouchers.filter((v) => v.active && v.label.trim().toLowerCase() !== KID_WITHOUT_BED_VOUCHER).map((v) => v.label),
  );

export function DiscountsModal({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: () => Promise<unknown> }) {
  const [labels, setLabels] = useState<string[]>(() => chosenDiscounts(order));
  /** A code typed but not yet confirmed with Enter counts too. */
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const suggestions = useQuery({ queryKey: ['admin', 'vouchers', 'labels'], queryFn: ({ signal }) => fetchVoucherLabels(signal) });

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const pending = typed.trim() !== '' && !labels.some((l) => l.toLowerCase() === typed.trim().toLowerCase());
      const res = await updateOrder(order.id, orderPayload(order, pending ? [...labels, typed] : labels));
      notifications.show({ color: 'green', message: `${res.message} Nieuw totaal: ${formatEuro(res.order.total_price)}.` });
      await onDone();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Kortingen wijzigen – ${order.order_number}`} centered closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <TagsInput
          label="Kortingscodes"
          description="Typ een code en druk op Enter; verwijder een code met het kruisje."
          placeholder="Kortingscode"
          value={labels}
          onChange={(v) => {
            setLabels(cleanDiscounts(v));
            setError(null);
          }}
          searchValue={typed}
          onSearchChange={setTyped}
          data={suggestions.data ?? []}
          clearable
        />
        <Text size="sm" c="dimmed">
          Huidig totaal {formatEuro(order.total_price)}, betaald {formatEuro(order.total_payments)}. De server berekent de prijs opnieuw.
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
          <Button loading={busy} onClick={save}>
            Opslaan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
