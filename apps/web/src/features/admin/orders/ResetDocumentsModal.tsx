// 'Documenten resetten' (SPEC 4, 5 'Reset documents'): staff choose the guests whose documents are
// wrong and give a required reason; POST /api/order/remind/documents/faulty removes those documents,
// mails the customer to deliver them again and writes the order's log.
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@umrah/domain/messages';
import { resetDocumentsSchema, VISA_MSG } from '@umrah/domain/validation/visa';
import { ApiError } from '../../../lib/api';
import { fieldErrors, zodValidate } from '../../../lib/form';
import { resetDocuments, visaKeys } from '../../visa/api';
import { adminOrderKeys } from './api';

export interface ResetGuest {
  id: number;
  name: string;
}

interface ResetValues {
  guests: string[];
  reason: string;
}

const validateReset = (orderId: number) => {
  const validate = zodValidate(resetDocumentsSchema);
  return (v: ResetValues) => validate({ order_id: orderId, guests: v.guests.map(Number), reason: v.reason } as never);
};

export function ResetDocumentsModal({
  orderId,
  orderNumber,
  guests,
  preselected,
  onClose,
}: {
  orderId: number;
  orderNumber: string;
  /** The guests whose documents are in (only those can be reset). */
  guests: ResetGuest[];
  preselected: number[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: { guests: preselected.map(String), reason: '' },
    validate: validateReset(orderId),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const res = await resetDocuments({ order_id: orderId, guests: values.guests.map(Number), reason: values.reason.trim() });
      notifications.show({ color: 'green', message: res.message ?? VISA_MSG.resetDone });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.all }),
        queryClient.invalidateQueries({ queryKey: visaKeys.admin(orderId) }),
      ]);
      onClose();
    } catch (err) {
      form.setErrors(fieldErrors(err));
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={`Documenten resetten – ${orderNumber}`} centered closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <form onSubmit={submit} noValidate aria-label="Documenten resetten">
        <Stack>
          <Text size="sm">
            De documenten van de gekozen reizigers worden verwijderd. De klant krijgt een mail met de reden en kan ze daarna opnieuw
            aanleveren.
          </Text>
          <Checkbox.Group label="Reizigers" withAsterisk {...form.getInputProps('guests')}>
            <Stack gap={6} mt={6}>
              {guests.map((g) => (
                <Checkbox key={g.id} value={String(g.id)} label={g.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label="Reden"
            description="Deze reden staat in de mail aan de klant."
            withAsterisk
            autosize
            minRows={3}
            maxLength={2000}
            {...form.getInputProps('reason')}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuleren
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Documenten resetten
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
