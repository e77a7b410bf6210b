// Admin 'Maak kortingscode aan' (docs/RULES.md, 'Screens', 'Validation: Voucher form', 'Roles'): the voucher list (pages of 25, search by
// code), the add modal (amount in euros ×100 to cents, expiry sent as 'YYYY-MM-DD HH:mm:ss', created
// active) and delete; 'kid-without-bed' cannot be deleted (the button is disabled, the server refuses).
import { useState } from 'react';
import { Alert, Badge, Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import dayjs from 'dayjs';
import { formatDateTime } from '@umrah/domain/dates';
import { KID_WITHOUT_BED_VOUCHER } from '@umrah/domain/enums';
import { formatEuro } from '@umrah/domain/money';
import { VOUCHER_EXPIRE_FORMAT, VOUCHER_MSG, voucherFormSchema, voucherFormToInput, type VoucherDto } from '@umrah/domain/validation/voucher';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { EuroInput } from '../../../components/admin-kit/EuroInput';
import { useConfirm } from '../../../components/admin-kit/useConfirm';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { FormModal } from '../../../components/admin-kit/FormModal';
import { actionsColumn } from '../../../components/admin-kit/RowActions';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { zodValidate } from '../../../lib/form';
import { errorMessage } from '../../../lib/notify';
import { typedNumber } from '../../cart';
import { useAddVoucher, useDeleteVoucher, vouchersQuery, VOUCHERS_PAGE_SIZE } from './api';

export const isProtectedVoucher = (label: string) => label.trim().toLowerCase() === KID_WITHOUT_BED_VOUCHER;
const isExpired = (v: VoucherDto) => v.expire_date !== null && v.expire_date < dayjs().format(VOUCHER_EXPIRE_FORMAT);
/** 'YYYY-MM-DD HH:mm:ss' → 'DD-MM-YYYY HH:mm'. */
const showExpiry = (s: string | null) => (s ? formatDateTime(s) : 'Geen');

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
const validateSchema = zodValidate(voucherFormSchema);

export function voucherFormErrors(v: FormValues): FormErrors {
  const input = toFormInput(v);
  const errors = validateSchema(input);
  if (Object.keys(errors).length === 0 && !dayjs(input.expire_date).isValid()) return { expire_date: VOUCHER_MSG.expireFormat };
  return errors;
}

/** A taken code is the code field's error; any other failure shows above the buttons. */
const isTakenCode = (err: unknown) => errorMessage(err) === VOUCHER_MSG.exists;

function AddVoucherModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<FormValues>({ label: '', amount: '', date: '', time: '23:59' });
  const [errors, setErrors] = useState<FormErrors>({});
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
    <FormModal
      title="Kortingscode toevoegen"
      onClose={onClose}
      onSubmit={submit}
      error={isTakenCode(add.error) ? null : errorMessage(add.error)}
      busy={add.isPending}
      submitLabel="Toevoegen"
    >
      <TextInput
        label="Code"
        withAsterisk
        autoComplete="off"
        value={values.label}
        onChange={(e) => set({ label: e.currentTarget.value })}
        error={errors.label}
      />
      <EuroInput withAsterisk value={values.amount} onChange={(amount) => set({ amount })} error={errors.amount} />
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
    </FormModal>
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
  const list = usePagedSearch({ query: vouchersQuery, rows: (d) => d.vouchers, total: (d) => d.total, pageSize: VOUCHERS_PAGE_SIZE });
  const confirmDelete = useConfirm(useDeleteVoucher(), (v: VoucherDto) => v.id);

  const columns: Column<VoucherDto>[] = [
    { key: 'code', header: 'Code', td: { fw: 600 }, cell: (v) => v.label },
    { key: 'amount', header: 'Bedrag', cell: (v) => formatEuro(v.amount) },
    { key: 'expires', header: 'Vervaldatum', cell: (v) => showExpiry(v.expire_date) },
    { key: 'status', header: 'Status', cell: statusBadge },
    {
      key: 'scope',
      header: 'Geldt voor',
      cell: (v) =>
        isProtectedVoucher(v.label)
          ? 'Per kind zonder bed'
          : v.flex.products.length
            ? `Producten ${v.flex.products.join(', ')}`
            : 'De hele bestelling',
    },
    actionsColumn(
      (v) => [
        {
          label: 'Verwijderen',
          color: 'red',
          disabled: isProtectedVoucher(v.label),
          title: isProtectedVoucher(v.label) ? VOUCHER_MSG.protectedVoucher : undefined,
          ariaLabel: `Kortingscode ${v.label} verwijderen`,
          onClick: () => confirmDelete.ask(v),
        },
      ],
      { header: 'Acties' },
    ),
  ];

  return (
    <AdminTab title="Kortingscodes" action={<Button onClick={() => setAdding(true)}>Kortingscode toevoegen</Button>}>
      <DataTable
        {...list.table}
        searchBox={{ placeholder: 'Code' }}
        label="Kortingscodes"
        columns={columns}
        minWidth={680}
        empty="Geen kortingscodes gevonden."
        count={['kortingscode', 'kortingscodes']}
      />
      {adding && <AddVoucherModal onClose={() => setAdding(false)} />}
      <ConfirmModal {...confirmDelete.modal} title="Kortingscode verwijderen">
        <Alert color="red" variant="light">
          Weet je zeker dat je de kortingscode {confirmDelete.target?.label} wilt verwijderen? Bestellingen die de code al gebruiken, houden hun
          korting.
        </Alert>
      </ConfirmModal>
    </AdminTab>
  );
}
