// The add/edit modal of 'Maak offerte aan' (docs/RULES.md, 'Validation: Quote form'): expiry, type, the user picked by
// email, and items with name, unit amount, quantity and VAT type; the shared schema checks it.
import { useState } from 'react';
import { Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { eurosToCents, formatEuro } from '@umrah/domain/money';
import { quoteFormSchema, quoteFormToInput } from '@umrah/domain/validation/invoice';
import { FormModal } from '../../../components/admin-kit/FormModal';
import { EuroInput } from '../../../components/admin-kit/EuroInput';
import { ListError, RemoveRowButton } from '../../../components/RowListControls';
import { fieldErrors, zodValidate } from '../../../lib/form';
import { errorMessage } from '../../../lib/notify';
import { UserPicker, userLabel, type PickedUser } from '../users';
import { useSaveInvoice, type Invoice } from './api';

interface ItemValues {
  label: string;
  /** euros, as typed */
  price: number | string;
  amount: number | string;
  btw_type: string;
}
interface Values {
  type: string;
  expire_date: string;
  user_id: string | null;
  items: ItemValues[];
}

const TYPE_OPTIONS = [
  { value: '0', label: 'Offerte' },
  { value: '1', label: 'Factuur' },
];
const VAT_OPTIONS = [
  { value: '21', label: '21%' },
  { value: '9', label: '9%' },
  { value: '0', label: '0%' },
];
const emptyItem = (): ItemValues => ({ label: '', price: '', amount: 1, btw_type: '21' });
/** NumberInput gives a string for input like '1250.50' (trailing zero) or '' : read it as a number when it is one. */
const num = (v: number | string): number | undefined => {
  if (typeof v === 'number') return v;
  const t = v.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
};

/** The typed values as the shared schema reads them (empty inputs become missing fields). */
const toFormInput = (v: Values) => ({
  type: v.type === '' ? undefined : Number(v.type),
  expire_date: v.expire_date,
  user_id: v.user_id ? Number(v.user_id) : undefined,
  items: v.items.map((i) => ({
    label: i.label,
    price: num(i.price),
    amount: num(i.amount),
    btw_type: i.btw_type === '' ? undefined : Number(i.btw_type),
  })),
});

const validateSchema = zodValidate(quoteFormSchema);
const validate = (values: Values) => validateSchema(toFormInput(values));

export function QuoteFormModal({ invoice, onClose }: { invoice?: Invoice; onClose: () => void }) {
  const save = useSaveInvoice();
  const [picked, setPicked] = useState<PickedUser | null>(
    invoice?.user.email && invoice.user_id
      ? {
          value: String(invoice.user_id),
          label: userLabel({ email: invoice.user.email, first_name: invoice.user.first_name, last_name: invoice.user.last_name }),
        }
      : null,
  );
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: invoice
      ? {
          type: String(invoice.type),
          expire_date: invoice.expire_date ?? '',
          user_id: invoice.user_id ? String(invoice.user_id) : null,
          items: invoice.items.map((i) => ({ label: i.label, price: i.amount_in_cents / 100, amount: i.amount, btw_type: String(i.btw_type) })),
        }
      : { type: '0', expire_date: '', user_id: null, items: [emptyItem()] },
    validate,
  });

  const total = quoteTotal(form.values.items);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: invoice?.id ?? null, body: quoteFormToInput(quoteFormSchema.parse(toFormInput(values))) },
      { onSuccess: onClose, onError: (err) => form.setErrors(fieldErrors(err)) },
    ),
  );

  const itemsError = form.errors.items;
  const title = invoice ? `${invoice.type_label} ${invoice.number} wijzigen` : 'Offerte toevoegen';
  return (
    <FormModal title={title} formLabel={title} size="xl" onClose={onClose} onSubmit={submit} error={errorMessage(save.error)} busy={save.isPending}>
      <Group grow align="flex-start">
        <Select label="Type" data={TYPE_OPTIONS} allowDeselect={false} withAsterisk {...form.getInputProps('type')} />
        <TextInput label="Vervaldatum" type="date" withAsterisk {...form.getInputProps('expire_date')} />
      </Group>
      <UserPicker
        value={picked}
        error={form.errors.user_id}
        onChange={(user) => {
          form.setFieldValue('user_id', user?.value ?? null);
          setPicked(user);
        }}
      />
      <Text fw={600}>Items</Text>
      {form.values.items.map((_, index) => (
        <QuoteItemRow key={index} form={form} index={index} />
      ))}
      <ListError error={itemsError} />
      <Group justify="space-between">
        <Button variant="light" onClick={() => form.insertListItem('items', emptyItem())}>
          Item toevoegen
        </Button>
        <Text>
          Totaal: <strong data-testid="quote-form-total">{formatEuro(total)}</strong>
        </Text>
      </Group>
    </FormModal>
  );
}

/** The total of the rows as typed so far, in cents (rows without a price or amount count 0). */
function quoteTotal(items: Values['items']) {
  return items.reduce((s, i) => {
    const price = num(i.price);
    const amount = num(i.amount);
    return s + (price !== undefined && amount !== undefined ? eurosToCents(price) * amount : 0);
  }, 0);
}

function QuoteItemRow({ form, index }: { form: UseFormReturnType<Values>; index: number }) {
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" data-testid="quote-item">
      <TextInput label="Naam" withAsterisk style={{ flex: 3 }} {...form.getInputProps(`items.${index}.label`)} />
      <EuroInput withAsterisk hideControls style={{ flex: 1.4 }} {...form.getInputProps(`items.${index}.price`)} />
      <NumberInput label="Aantal" withAsterisk min={1} allowDecimal={false} style={{ flex: 1 }} {...form.getInputProps(`items.${index}.amount`)} />
      <Select
        label="Btw"
        data={VAT_OPTIONS}
        allowDeselect={false}
        withAsterisk
        style={{ flex: 1 }}
        {...form.getInputProps(`items.${index}.btw_type`)}
      />
      <RemoveRowButton mt={26} label={`Item ${index + 1} verwijderen`} onClick={() => form.removeListItem('items', index)} />
    </Group>
  );
}
