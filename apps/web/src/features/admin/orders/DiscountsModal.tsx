// 'Kortingen wijzigen': the order's discount codes (flex.discounts) as tags. Saving sends the whole
// order back (POST /api/order/{id}); the server checks the codes, prices it again and answers in
// Dutch ('Deze kortingscode bestaat niet.', 'Kortingscode is verlopen.', ...).
import { useState } from 'react';
import { Stack, TagsInput, Text } from '@mantine/core';
import { DialogModal } from '../../../components/DialogModal';
import { useQuery } from '@tanstack/react-query';
import { formatEuro } from '@umrah/domain/money';
import { FormFooter } from '../../../components/admin-kit/FormFooter';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useUpdateOrder, voucherLabelsQuery, type AdminOrder } from './api';
import { chosenDiscounts, cleanDiscounts, orderPayload } from './payload';

export function DiscountsModal({
  order,
  onClose,
  onDone,
}: {
  order: Pick<AdminOrder, 'id' | 'order_number' | 'total_price' | 'total_payments' | 'lines' | 'rooms' | 'crowdfunds' | 'flex'>;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const [labels, setLabels] = useState<string[]>(() => chosenDiscounts(order));
  /** A code typed but not yet confirmed with Enter counts too. */
  const [typed, setTyped] = useState('');
  // The newest active codes as suggestions; any other code can be typed.
  const suggestions = useQuery(voucherLabelsQuery);
  const update = useUpdateOrder({
    onSuccess: async (res) => {
      notifySuccess(`${res.message} Nieuw totaal: ${formatEuro(res.order.total_price)}.`);
      await onDone();
      onClose();
    },
  });

  const save = () => {
    const pending = typed.trim() !== '' && !labels.some((l) => l.toLowerCase() === typed.trim().toLowerCase());
    update.mutate({ id: order.id, payload: orderPayload(order, pending ? [...labels, typed] : labels) });
  };

  return (
    <DialogModal opened onClose={onClose} title={`Kortingen wijzigen – ${order.order_number}`} centered>
      <Stack>
        <TagsInput
          label="Kortingscodes"
          description="Typ een code en druk op Enter; verwijder een code met het kruisje."
          placeholder="Kortingscode"
          value={labels}
          onChange={(v) => {
            setLabels(cleanDiscounts(v));
            if (update.isError) update.reset();
          }}
          searchValue={typed}
          onSearchChange={setTyped}
          data={suggestions.data ?? []}
          clearable
        />
        <Text size="sm" c="dimmed">
          Huidig totaal {formatEuro(order.total_price)}, betaald {formatEuro(order.total_payments)}. De server berekent de prijs opnieuw.
        </Text>
        <FormFooter error={errorMessage(update.error)} onCancel={onClose} onSubmit={save} busy={update.isPending} />
      </Stack>
    </DialogModal>
  );
}
