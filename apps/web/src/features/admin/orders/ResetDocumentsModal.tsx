// 'Documenten resetten' (docs/RULES.md, 'States', 'Validation: Reset documents'): staff choose the guests whose documents are
// wrong and give a required reason; POST /api/order/remind/documents/faulty removes those documents,
// mails the customer to deliver them again and writes the order's log.
import { Checkbox, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetDocumentsSchema, VISA_MSG } from '@umrah/domain/validation/visa';
import { FormFooter } from '../../../components/admin-kit/FormFooter';
import { fieldErrors, zodValidate } from '../../../lib/form';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { useResetDocuments } from './api';

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
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: { guests: preselected.map(String), reason: '' },
    validate: validateReset(orderId),
  });
  const reset = useResetDocuments({
    onSuccess: (res) => {
      notifySuccess(res.message ?? VISA_MSG.resetDone);
      onClose();
    },
    onError: (err) => form.setErrors(fieldErrors(err)),
  });

  const submit = form.onSubmit((values) => reset.mutate({ order_id: orderId, guests: values.guests.map(Number), reason: values.reason.trim() }));

  return (
    <Modal opened onClose={onClose} title={`Documenten resetten – ${orderNumber}`} centered closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <form onSubmit={submit} noValidate aria-label="Documenten resetten">
        <Stack>
          <Text size="sm">
            De documenten van de gekozen reizigers worden verwijderd. De klant krijgt een mail met de reden en kan ze daarna opnieuw aanleveren.
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
          <FormFooter
            error={errorMessage(reset.error)}
            onCancel={onClose}
            busy={reset.isPending}
            submitColor="red"
            submitLabel="Documenten resetten"
          />
        </Stack>
      </form>
    </Modal>
  );
}
