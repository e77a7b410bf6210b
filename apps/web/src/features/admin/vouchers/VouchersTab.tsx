// Admin 'Maak kortingscode aan' (SPEC 2, 5 'Voucher form', 6): the voucher list (pages of 25, search by
// code), the add modal (amount in euros ×100 to cents, expiry sent as 'YYYY-MM-DD HH:mm:ss', created
// active) and delete; 'kid-without-bed' cannot be deleted (the button is disabled, the server refuses).
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { KID_WITHOUT_BED_VOUCHER } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { VOUCHER_EXPIRE_FORMAT, VOUCHER_MSG, voucherFormSchema, voucherFormToInput, type VoucherDto } from '@umrah/domain/validation/voucher';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { FormFooter } from '../../../components/admin-kit/FormFooter';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { errorMessage } from '../../../lib/notify';
import { typedNumber } from '../../cart/typedNumber';
import { useAddVoucher, useDeleteVoucher, vouchersQuery, VOUCHERS_PAGE_SIZE } from './api';

export const isProtectedVoucher = (label: string) => label.trim().toLowerCase() === KID_WITHOUT_BED_VOUCHER;
const isExpired = (v: VoucherDto) => v.expire_date !== null && v.expire_date < dayjs().format(VOUCHER_EXPIRE_FORMAT);
/** 'YYYY-MM-DD HH:mm:ss' → 'DD-MM-YYYY HH:mm'. */
const showExpiry = (s: string | null) => (s ? dayjs(s).format('DD-MM-YYYY HH:mm') : 'Geen');

interface FormValues {
  label: string;
  /** euros, as typed */
  amount: number | string;
  /** YYYY-MM-DD from the date input */
  date: string;
  /** HH:mm */
  time: string;
}

const toFormInput = (v: FormValues) => ({
  label: v.label,
  amount: typedNumber(v.amount),
  expire_date: v.date ? `${v.date} ${v.time || '23:59'}` : undefined,
});

/** The shared voucher form schema's messages per field. */
export function voucherFormErrors(v: FormValues): Record<string, string> {
  const r = voucherFormSchema.safeParse(toFormInput(v));
  const errors: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) errors[String(i.path[0])] ??= i.message;
  else if (!dayjs(r.data.expire_date).isValid()) errors.expire_date = VOUCHER_MSG.expireFormat;
  return errors;
}

/** A taken code is the code field's error; any other failure shows above the buttons. */
const isTakenCode = (err: unknown) => errorMessage(err) === VOUCHER_MSG.exists;

function AddVoucherModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<FormValues>({ label: '', amount: '', date: '', time: '23:59' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddVoucher();
  const set = (patch: Partial<FormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (Object.keys(errors).length) setErrors(voucherFormErrors(next));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    add.reset();
    const found = voucherFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    add.mutate(voucherFormToInput(voucherFormSchema.parse(toFormInput(values))), {
      onSuccess: onClose,
      onError: (err) => isTakenCode(err) && setErrors({ label: VOUCHER_MSG.exists }),
    });
  };

  return (
    <Modal opened onClose={onClose} title="Kortingscode toevoegen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Code"
            withAsterisk
            autoComplete="off"
            value={values.label}
            onChange={(e) => set({ label: e.currentTarget.value })}
            error={errors.label}
          />
          <NumberInput
            label="Bedrag (€)"
            withAsterisk
            min={0}
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            value={values.amount}
            onChange={(amount) => set({ amount })}
            error={errors.amount}
          />
          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              label="Vervaldatum"
              type="date"
              withAsterisk
              value={values.date}
              onChange={(e) => set({ date: e.currentTarget.value })}
              error={errors.expire_date}
            />
            <TextInput label="Tijd" type="time" value={values.time} onChange={(e) => set({ time: e.currentTarget.value })} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            De kortingscode wordt actief aangemaakt en geldt tot en met de vervaldatum en tijd.
          </Text>
          <FormFooter
            error={isTakenCode(add.error) ? null : errorMessage(add.error)}
            onCancel={onClose}
            busy={add.isPending}
            submitLabel="Toevoegen"
          />
        </Stack>
      </form>
    </Modal>
  );
}

const statusBadge = (v: VoucherDto) =>
  !v.active ? (
    <Badge color="gray" variant="light">
      Inactief
    </Badge>
  ) : isExpired(v) ? (
    <Badge color="orange" variant="light">
      Verlopen
    </Badge>
  ) : (
    <Badge color="green" variant="light">
      Actief
    </Badge>
  );

export default function VouchersTab() {
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<VoucherDto | null>(null);
  const list = usePagedSearch({ query: vouchersQuery, rows: (d) => d.vouchers, total: (d) => d.total, pageSize: VOUCHERS_PAGE_SIZE });
  const remove = useDeleteVoucher();

  const columns: Column<VoucherDto>[] = [
    { key: 'code', header: 'Code', td: { fw: 600 }, cell: (v) => v.label },
    { key: 'amount', header: 'Bedrag', cell: (v) => formatEuro(v.amount) },
    { key: 'expires', header: 'Vervaldatum', cell: (v) => showExpiry(v.expire_date) },
    { key: 'status', header: 'Status', cell: statusBadge },
    {
      key: 'scope',
      header: 'Geldt voor',
      cell: (v) =>
        isProtectedVoucher(v.label) ? 'Per kind zonder bed' : v.flex.products.length ? `Producten ${v.flex.products.join(', ')}` : 'De hele bestelling',
    },
    {
      key: 'actions',
      header: 'Acties',
      cell: (v) => {
        const locked = isProtectedVoucher(v.label);
        return (
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={locked}
            title={locked ? VOUCHER_MSG.protectedVoucher : undefined}
            aria-label={`Kortingscode ${v.label} verwijderen`}
            onClick={() => setDeleting(v)}
          >
            Verwijderen
          </Button>
        );
      },
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Kortingscodes
        </Title>
        <Button onClick={() => setAdding(true)}>Kortingscode toevoegen</Button>
      </Group>
      <DataTable
        {...list.table}
        searchBox={{ label: 'Zoeken', placeholder: 'Code' }}
        label="Kortingscodes"
        columns={columns}
        rowKey={(v) => v.id}
        minWidth={680}
        loadingLabel="Kortingscodes laden"
        empty="Geen kortingscodes gevonden."
        count={(total) => `${total} ${total === 1 ? 'kortingscode' : 'kortingscodes'}`}
        paginationLabel="Pagina's"
      />
      {adding && <AddVoucherModal onClose={() => setAdding(false)} />}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Kortingscode verwijderen"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <Alert color="red" variant="light">
          Weet je zeker dat je de kortingscode {deleting?.label} wilt verwijderen? Bestellingen die de code al gebruiken, houden hun korting.
        </Alert>
      </ConfirmModal>
    </Stack>
  );
}
