// The payment modal of 'Betalingen' and the orders list (docs/RULES.md, 'Validation: Payment form'): add or change a
// manual payment, or start an online one at the provider for the order's open amount.
import { NumberInput, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { paymentTypeLabels, PaymentType } from '@umrah/domain/enums';
import { eurosToCents } from '@umrah/domain/money';
import { formatOrderNumber } from '@umrah/domain/order-number';
import { PAYMENT_MSG, isOnlinePaymentType, paymentFormSchema } from '@umrah/domain/validation/payment';
import { FormModal } from '../../../components/admin-kit/FormModal';
import { EuroInput } from '../../../components/admin-kit/EuroInput';
import { zodValidate } from '../../../lib/form';
import { errorMessage } from '../../../lib/notify';
import { useSavePayment, type PaymentDto } from './api';

const MANUAL_OPTIONS = [
  PaymentType.CASH,
  PaymentType.PARTIALLY_CASH,
  PaymentType.BANK_TRANSFER,
  PaymentType.PARTIALLY_BANK_TRANSFER,
  PaymentType.PIN,
].map((t) => ({ value: String(t), label: paymentTypeLabels[t] }));
const ONLINE_NEW = { value: String(PaymentType.PROVIDER_PAID), label: 'Online (via de betaalprovider)' };
const ONLINE_OPTIONS = [PaymentType.PROVIDER_PAID, PaymentType.PARTIALLY_PROVIDER_PAID].map((t) => ({
  value: String(t),
  label: paymentTypeLabels[t],
}));

interface FormValues {
  order_id: number | string;
  payment_type: string | null;
  /** euros, as typed */
  amount: number | string;
}

/** Mantine's NumberInput hands back a string such as '25.50' while typing: both count. */
export function amountInCents(amount: number | string): number | undefined {
  if (amount === '' || amount === null) return undefined;
  const euros = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(euros) ? eurosToCents(euros) : undefined;
}

const validateSchema = zodValidate(paymentFormSchema);

/** The form in euros, checked with the shared schema in cents. */
const validate = (values: FormValues) =>
  validateSchema({
    order_id: typeof values.order_id === 'number' ? values.order_id : undefined,
    payment_type: values.payment_type === null ? undefined : Number(values.payment_type),
    amount: amountInCents(values.amount),
  });

/** Add or change a payment; `orderId` presets (and locks) the order of a new payment, as the orders list does. */
export function PaymentModal({
  payment,
  orderId: presetOrderId,
  onClose,
  onSaved,
}: {
  payment: PaymentDto | 'new';
  orderId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const isNew = payment === 'new';
  const wasOnline = !isNew && isOnlinePaymentType(payment.payment_type);
  const save = useSavePayment();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: isNew
      ? { order_id: presetOrderId ?? '', payment_type: null, amount: '' }
      : { order_id: payment.order_id ?? '', payment_type: String(payment.payment_type), amount: payment.amount / 100 },
    validate,
  });
  // The online method creates a payment at the provider: its amount is the server's, so it is hidden.
  const online = isNew && form.values.payment_type !== null && isOnlinePaymentType(Number(form.values.payment_type));

  const submit = form.onSubmit((values) => {
    const body = { order_id: Number(values.order_id), payment_type: Number(values.payment_type), amount: amountInCents(values.amount) ?? 0 };
    save.mutate({ id: isNew ? null : payment.id, body, online }, { onSuccess: (result) => result === 'saved' && onSaved() });
  });
  // A new payment shows the server's reason (an unknown order, a cancelled one); a change the general text.
  const error = isNew ? errorMessage(save.error, PAYMENT_MSG.unknownError) : save.error ? PAYMENT_MSG.unknownError : null;

  return (
    <FormModal
      title={
        isNew
          ? presetOrderId !== undefined
            ? `Betaling toevoegen – ${formatOrderNumber(presetOrderId)}`
            : 'Betaling toevoegen'
          : `Betaling ${payment.id} wijzigen`
      }
      formLabel="Betaling"
      centered
      closeLabel={null}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={save.isPending}
      submitLabel={online ? 'Naar de betaalpagina' : 'Opslaan'}
    >
      <NumberInput
        label="Bestelnummer"
        description="Het nummer na FCU2, bijvoorbeeld 123 voor FCU2123"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        disabled={!isNew || presetOrderId !== undefined}
        {...form.getInputProps('order_id')}
      />
      <Select
        label="Betalingsmethode"
        placeholder="Kies een methode"
        data={wasOnline ? ONLINE_OPTIONS : isNew ? [...MANUAL_OPTIONS, ONLINE_NEW] : MANUAL_OPTIONS}
        allowDeselect={false}
        {...form.getInputProps('payment_type')}
      />
      {online ? (
        <Text size="sm" c="dimmed">
          Je gaat naar de betaalpagina van de provider voor het openstaande bedrag van deze bestelling. Daarna kom je terug in het admin portaal.
        </Text>
      ) : (
        <EuroInput allowNegative={false} hideControls {...form.getInputProps('amount')} />
      )}
    </FormModal>
  );
}
