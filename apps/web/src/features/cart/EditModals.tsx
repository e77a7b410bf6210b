// Edit modals of the non-room cart entries: a lesson's availability (days and time slots, docs/RULES.md, 'Validation'
// 'Arabia availability') and a donation's amount (docs/RULES.md, 'Validation: Donation'). Both use the shared schemas;
// a donation is also checked against the goal by the server (POST /api/order/preview).
import { useState } from 'react';
import { Checkbox, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { ARABIA_TIME_SLOTS, WEEK_DAYS } from '@umrah/domain/enums';
import { eurosToCents } from '@umrah/domain/money';
import { donationFormSchema } from '@umrah/domain/validation/donation';
import { arabiaAvailabilityFormSchema } from '@umrah/domain/validation/order';
import { EuroInput } from '../../components/admin-kit/EuroInput';
import { FormFooter } from '../../components/admin-kit/FormFooter';
import { ApiError } from '../../lib/api';
import { useCheckDonation } from './api';
import { typedNumber } from './typedNumber';
import { addCartItem, updateCartItem, type CartKey } from './cartStorage';
import type { ArabiaEntry, FundEntry } from './types';

function firstIssues(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0] ?? '')] ??= i.message;
  return out;
}

/** Days (Maandag..Zondag) and time slots of a lesson; used on the arabia page and in the carts. */
export function AvailabilityFields(props: {
  days: string[];
  times: string[];
  errors: Record<string, string>;
  onDays: (d: string[]) => void;
  onTimes: (t: string[]) => void;
}) {
  const groups = [
    { label: 'Beschikbare dagen', options: WEEK_DAYS, value: props.days, onChange: props.onDays, error: props.errors.days },
    { label: 'Beschikbare tijden', options: ARABIA_TIME_SLOTS, value: props.times, onChange: props.onTimes, error: props.errors.times },
  ];
  return (
    <Stack gap="sm">
      {groups.map((g) => (
        <Checkbox.Group key={g.label} label={g.label} withAsterisk value={g.value} onChange={g.onChange} error={g.error}>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={6} mt={6}>
            {g.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      ))}
    </Stack>
  );
}

export function availabilityErrors(days: string[], times: string[]) {
  const r = arabiaAvailabilityFormSchema.safeParse({ days, times });
  return r.success ? {} : firstIssues(r.error.issues);
}

/**
 * The state of AvailabilityFields: errors show after the first check and follow each change from
 * then on; `check` gives the parsed days and times, or null (and shows why).
 */
export function useAvailability(initialDays: string[] = [], initialTimes: string[] = []) {
  const [days, setDays] = useState<string[]>(initialDays);
  const [times, setTimes] = useState<string[]>(initialTimes);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const checking = Object.keys(errors).length > 0;
  const fields = {
    days,
    times,
    errors,
    onDays: (d: string[]) => {
      setDays(d);
      if (checking) setErrors(availabilityErrors(d, times));
    },
    onTimes: (t: string[]) => {
      setTimes(t);
      if (checking) setErrors(availabilityErrors(days, t));
    },
  };
  const check = () => {
    const found = availabilityErrors(days, times);
    setErrors(found);
    return Object.keys(found).length > 0 ? null : arabiaAvailabilityFormSchema.parse({ days, times });
  };
  return { fields, check };
}

export function ArabiaEditModal({ cartKey, index, entry, onClose }: { cartKey: CartKey; index: number; entry: ArabiaEntry; onClose: () => void }) {
  const availability = useAvailability(entry.available_days ?? [], entry.available_times ?? []);
  const save = () => {
    const parsed = availability.check();
    if (!parsed) return;
    updateCartItem(cartKey, index, { ...entry, available_days: parsed.days, available_times: parsed.times });
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Les wijzigen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text fw={600}>{entry.label}</Text>
        <AvailabilityFields {...availability.fields} />
        <FormFooter onCancel={onClose} onSubmit={save} />
      </Stack>
    </Modal>
  );
}

/**
 * A donation's amount. With an `index` it changes that cart entry; with `index` null it adds `entry`
 * (value 0: no amount typed yet) as a new one, e.g. from the home page's 'Doneren'.
 */
export function FundEditModal({
  cartKey,
  index,
  entry,
  onClose,
  onSaved,
  title = 'Donatie wijzigen',
  saveLabel = 'Opslaan',
}: {
  cartKey: CartKey;
  index: number | null;
  entry: FundEntry;
  onClose: () => void;
  onSaved?: (entry: FundEntry) => void;
  title?: string;
  saveLabel?: string;
}) {
  const [amount, setAmount] = useState<number | string>(entry.value > 0 ? entry.value / 100 : '');
  const [error, setError] = useState<string | null>(null);
  const checkDonation = useCheckDonation();
  const save = () => {
    const r = donationFormSchema(entry.remaining ?? Number.MAX_SAFE_INTEGER).safeParse({ amount: typedNumber(amount) });
    if (!r.success) return setError(r.error.issues[0]?.message ?? null);
    const value = eurosToCents(r.data.amount);
    // What the goal still needs is known to the server: it checks the amount with the order rules.
    checkDonation.mutate(
      { fundingId: entry.id, amount: value },
      {
        onSuccess: () => {
          const saved = { ...entry, value };
          if (index === null) addCartItem(cartKey, saved);
          else updateCartItem(cartKey, index, saved);
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Onbekende fout'),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text fw={600}>{entry.label}</Text>
        <EuroInput
          withAsterisk
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          error={error}
        />
        <FormFooter onCancel={onClose} onSubmit={save} submitLabel={saveLabel} busy={checkDonation.isPending} />
      </Stack>
    </Modal>
  );
}
