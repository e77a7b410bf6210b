// Admin 'Betalingen': search by order number, the payments list, and the payment modal to add,
// change or delete a payment (SPEC 2, 5 'Payment form', 6: only cash and bank transfer can be deleted).
import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Pagination, ScrollArea, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentTypeLabels, PaymentType } from '@umrah/domain/enums';
import { eurosToCents, formatEuro } from '@umrah/domain/money';
import {
  PAYMENT_MSG,
  isDeletablePaymentType,
  isOnlinePaymentType,
  paymentFormSchema,
} from '@umrah/domain/validation/payment';
import { EmptyState, LoadError } from '../../components/Feedback';
import { ApiError } from '../../lib/api';
import {
  createPayment,
  deletePayment,
  fetchPayments,
  goToPayment,
  paymentKeys,
  startPayment,
  updatePayment,
  type PaymentDto,
} from '../checkout/paymentApi';
import { ExportForm } from './ExportForm';
import { useReadOnlyAdmin } from './roles';

const PAGE_SIZE = 25;

const MANUAL_OPTIONS = [PaymentType.CASH, PaymentType.PARTIALLY_CASH, PaymentType.BANK_TRANSFER, PaymentType.PARTIALLY_BANK_TRANSFER, PaymentType.PIN].map(
  (t) => ({ value: String(t), label: paymentTypeLabels[t] }),
);
const ONLINE_NEW = { value: String(PaymentType.PROVIDER_PAID), label: 'Online (via de betaalprovider)' };
const ONLINE_OPTIONS = [PaymentType.PROVIDER_PAID, PaymentType.PARTIALLY_PROVIDER_PAID].map((t) => ({ value: String(t), label: paymentTypeLabels[t] }));

/** 'FCU2123' or '123' → 123. */
export function parseOrderNumber(text: string): number | undefined {
  const m = /^(?:fcu2)?(\d{1,9})$/i.exec(text.replace(/\s+/g, ''));
  return m ? Number(m[1]) : undefined;
}

const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

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

/** The form in euros, checked with the shared schema in cents. */
function validate(values: FormValues): Record<string, string> {
  const result = paymentFormSchema.safeParse({
    order_id: typeof values.order_id === 'number' ? values.order_id : undefined,
    payment_type: values.payment_type === null ? undefined : Number(values.payment_type),
    amount: amountInCents(values.amount),
  });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'amount');
    errors[key] ??= issue.message;
  }
  return errors;
}

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: isNew
      ? { order_id: presetOrderId ?? '', payment_type: null, amount: '' }
      : { order_id: payment.order_id ?? '', payment_type: String(payment.payment_type), amount: payment.amount / 100 },
    validate,
  });
  // The online method creates a payment at the provider: its amount is the server's, so it is hidden.
  const online = isNew && form.values.payment_type !== null && isOnlinePaymentType(Number(form.values.payment_type));

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    const orderId = Number(values.order_id);
    const type = Number(values.payment_type);
    try {
      if (online) {
        goToPayment(await startPayment(orderId, { trans: 'other', paymentType: type, amount: 0 }));
        return;
      }
      const body = { order_id: orderId, payment_type: type, amount: amountInCents(values.amount) ?? 0 };
      if (isNew) await createPayment(body);
      else await updatePayment(payment.id, body);
      notifications.show({ color: 'green', message: isNew ? PAYMENT_MSG.created : PAYMENT_MSG.updated });
      onSaved();
    } catch (err) {
      setError(isNew && err instanceof ApiError ? err.message : PAYMENT_MSG.unknownError);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={isNew ? (presetOrderId !== undefined ? `Betaling toevoegen – FCU2${presetOrderId}` : 'Betaling toevoegen') : `Betaling ${payment.id} wijzigen`} centered>
      <form onSubmit={submit} noValidate aria-label="Betaling">
        <Stack gap="sm">
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
              Je gaat naar de betaalpagina van de provider voor het openstaande bedrag van deze bestelling. Daarna kom je terug in het admin
              portaal.
            </Text>
          ) : (
            <NumberInput
              label="Bedrag (€)"
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator="."
              allowNegative={false}
              min={0}
              hideControls
              {...form.getInputProps('amount')}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuleren
            </Button>
            <Button type="submit" loading={busy}>
              {online ? 'Naar de betaalpagina' : 'Opslaan'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default function PaymentsTab() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PaymentDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentDto | null>(null);
  const [busy, setBusy] = useState(false);
  // The bookkeeper reads payments: no add, change or delete (issue 13).
  const readOnly = useReadOnlyAdmin();
  const orderId = parseOrderNumber(debounced);
  const invalidSearch = debounced.trim() !== '' && orderId === undefined;

  const list = useQuery({
    queryKey: [...paymentKeys.admin, orderId ?? null, page],
    queryFn: ({ signal }) => fetchPayments({ order_id: orderId, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    enabled: !invalidSearch,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentKeys.admin });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deletePayment(deleting.id);
      notifications.show({ color: 'green', message: PAYMENT_MSG.deleted });
      setDeleting(null);
      await refresh();
    } catch {
      notifications.show({ color: 'red', message: PAYMENT_MSG.unknownError });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Betalingen
        </Title>
        {!readOnly && <Button onClick={() => setEditing('new')}>Betaling toevoegen</Button>}
      </Group>
      <ExportForm kind="payments" />
      <TextInput
        label="Zoek op bestelnummer"
        placeholder="FCU2123 of 123"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        error={invalidSearch ? 'Vul een bestelnummer in, bijvoorbeeld FCU2123.' : undefined}
        maw={320}
      />
      {list.isError ? (
        <LoadError />
      ) : list.isPending ? (
        <Stack gap="xs">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : list.data.payments.length === 0 ? (
        <EmptyState>Er zijn geen betalingen gevonden.</EmptyState>
      ) : (
        <>
          <ScrollArea type="auto">
            <Table striped highlightOnHover aria-label="Betalingen" miw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nr</Table.Th>
                  <Table.Th>Bestelling</Table.Th>
                  <Table.Th>Klant</Table.Th>
                  <Table.Th>Methode</Table.Th>
                  <Table.Th ta="right">Bedrag</Table.Th>
                  <Table.Th>Datum</Table.Th>
                  {!readOnly && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.payments.map((p) => (
                  <Table.Tr key={p.id} data-payment={p.id}>
                    <Table.Td>{p.id}</Table.Td>
                    <Table.Td>{p.order_id !== null ? `FCU2${p.order_id}` : '-'}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{p.name ?? '-'}</Text>
                      <Text size="xs" c="dimmed">
                        {p.email ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{p.type_text}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatEuro(p.amount)}
                    </Table.Td>
                    <Table.Td>{formatDateTime(p.created_at)}</Table.Td>
                    {!readOnly && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing(p)} disabled={p.order_id === null}>
                          Wijzigen
                        </Button>
                        {isDeletablePaymentType(p.payment_type) && (
                          <Button size="xs" variant="light" color="red" onClick={() => setDeleting(p)}>
                            Verwijderen
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
      {editing && (
        <PaymentModal
          payment={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Betaling verwijderen" centered>
        {deleting && (
          <Stack>
            <Text>
              Weet je zeker dat je betaling {deleting.id} ({deleting.type_text}, {formatEuro(deleting.amount)}) van bestelling FCU2
              {deleting.order_id} wilt verwijderen?
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Annuleren
              </Button>
              <Button color="red" loading={busy} onClick={confirmDelete}>
                Verwijderen
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
