// Admin 'Maak kortingscode aan' (SPEC 2, 5 'Voucher form', 6): the voucher list (pages of 25, search by
// code), the add modal (amount in euros ×100 to cents, expiry sent as 'YYYY-MM-DD HH:mm:ss', created
// active) and delete; 'kid-without-bed' cannot be deleted (the button is disabled, the server refuses).
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, NumberInput, Pagination, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { KID_WITHOUT_BED_VOUCHER } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { formatEuro } from '@umrah/domain/money';
import { VOUCHER_EXPIRE_FORMAT, VOUCHER_MSG, voucherFormSchema, voucherFormToInput, type VoucherDto } from '@umrah/domain/validation/voucher';
import { EmptyState, LoadError } from '../../components/Feedback';
import { ApiError, apiDelete, apiGet, apiPost } from '../../lib/api';
import { typedNumber } from '../cart/typedNumber';

export const VOUCHERS_PAGE_SIZE = 25;
const vouchersKey = ['admin', 'vouchers'] as const;

interface VouchersPage {
  vouchers: VoucherDto[];
  total: number;
}

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

function AddVoucherModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [values, setValues] = useState<FormValues>({ label: '', amount: '', date: '', time: '23:59' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (Object.keys(errors).length) setErrors(voucherFormErrors(next));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const found = voucherFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = voucherFormToInput(voucherFormSchema.parse(toFormInput(values)));
      const res = await apiPost<{ message: string; voucher: VoucherDto }>('/api/voucher', body);
      notifications.show({ color: 'green', message: res.message });
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.message === VOUCHER_MSG.exists) setErrors({ label: err.message });
      else setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
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
              Toevoegen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default function VouchersTab() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<VoucherDto | null>(null);
  const [busy, setBusy] = useState(false);

  const vouchers = useQuery({
    queryKey: [...vouchersKey, q, page],
    queryFn: ({ signal }) => apiGet<VouchersPage>('/api/vouchers', { q: q.trim() || undefined, page, pageSize: VOUCHERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: vouchersKey });
  const pages = vouchers.data ? Math.max(1, Math.ceil(vouchers.data.total / VOUCHERS_PAGE_SIZE)) : 1;

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const res = await apiDelete<{ message: string }>(`/api/voucher/${deleting.id}`);
      notifications.show({ color: 'green', message: res.message });
      setDeleting(null);
      await refresh();
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : MSG.unknownError });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Kortingscodes
        </Title>
        <Button onClick={() => setAdding(true)}>Kortingscode toevoegen</Button>
      </Group>
      <TextInput
        label="Zoeken"
        placeholder="Code"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {vouchers.isError ? (
        <LoadError />
      ) : vouchers.isPending ? (
        <Stack gap="xs" aria-label="Kortingscodes laden">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : vouchers.data.vouchers.length === 0 ? (
        <EmptyState>Geen kortingscodes gevonden.</EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {vouchers.data.total} {vouchers.data.total === 1 ? 'kortingscode' : 'kortingscodes'}
          </Text>
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={680} aria-label="Kortingscodes" style={{ opacity: vouchers.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Bedrag</Table.Th>
                  <Table.Th>Vervaldatum</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Geldt voor</Table.Th>
                  <Table.Th>Acties</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vouchers.data.vouchers.map((v) => {
                  const locked = isProtectedVoucher(v.label);
                  return (
                    <Table.Tr key={v.id}>
                      <Table.Td fw={600}>{v.label}</Table.Td>
                      <Table.Td>{formatEuro(v.amount)}</Table.Td>
                      <Table.Td>{showExpiry(v.expire_date)}</Table.Td>
                      <Table.Td>
                        {!v.active ? (
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
                        )}
                      </Table.Td>
                      <Table.Td>
                        {locked ? 'Per kind zonder bed' : v.flex.products.length ? `Producten ${v.flex.products.join(', ')}` : 'De hele bestelling'}
                      </Table.Td>
                      <Table.Td>
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
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pagina's" />}
        </>
      )}
      {adding && <AddVoucherModal onClose={() => setAdding(false)} onSaved={refresh} />}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Kortingscode verwijderen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
        <Stack>
          <Alert color="red" variant="light">
            Weet je zeker dat je de kortingscode {deleting?.label} wilt verwijderen? Bestellingen die de code al gebruiken, houden hun korting.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Annuleren
            </Button>
            <Button color="red" loading={busy} onClick={confirmDelete}>
              Verwijderen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
