// Edit modals of the non-room cart entries: a lesson's availability (days and time slots, SPEC 5
// 'Arabia availability') and a donation's amount (SPEC 5 'Donation'). Both use the shared schemas;
// a donation is also checked against the goal by the server (POST /api/order/preview).
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { ARABIA_TIME_SLOTS, WEEK_DAYS } from '@umrah/domain/enums';
import { eurosToCents } from '@umrah/domain/money';
import { donationFormSchema } from '@umrah/domain/validation/donation';
import { arabiaAvailabilityFormSchema } from '@umrah/domain/validation/order';
import { ApiError, apiPost } from '../../lib/api';
import { typedNumber } from './typedNumber';
import { addCartItem, updateCartItem, type CartKey } from './cartStorage';
import type { ArabiaEntry, FundEntry } from './types';

export const UPDATED_MESSAGE = 'Je winkelwagen is bijgewerkt.';

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
  return (
    <Stack gap="sm">
      <Checkbox.Group label="Beschikbare dagen" withAsterisk value={props.days} onChange={props.onDays} error={props.errors.days}>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={6} mt={6}>
          {WEEK_DAYS.map((d) => (
            <Checkbox key={d} value={d} label={d} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group label="Beschikbare tijden" withAsterisk value={props.times} onChange={props.onTimes} error={props.errors.times}>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={6} mt={6}>
          {ARABIA_TIME_SLOTS.map((t) => (
            <Checkbox key={t} value={t} label={t} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Stack>
  );
}

export function availabilityErrors(days: string[], times: string[]) {
  const r = arabiaAvailabilityFormSchema.safeParse({ days, times });
  return r.success ? {} : firstIssues(r.error.issues);
}

export function ArabiaEditModal({ cartKey, index, entry, onClose }: { cartKey: CartKey; index: number; entry: ArabiaEntry; onClose: () => void }) {
  const [days, setDays] = useState<string[]>(entry.available_days ?? []);
  const [times, setTimes] = useState<string[]>(entry.available_times ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () => {
    const found = availabilityErrors(days, times);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const parsed = arabiaAvailabilityFormSchema.parse({ days, times });
    updateCartItem(cartKey, index, { ...entry, available_days: parsed.days, available_times: parsed.times });
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Les wijzigen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text fw={600}>{entry.label}</Text>
        <AvailabilityFields
          days={days}
          times={times}
          errors={errors}
          onDays={(d) => {
            setDays(d);
            if (Object.keys(errors).length) setErrors(availabilityErrors(d, times));
          }}
          onTimes={(t) => {
            setTimes(t);
            if (Object.keys(errors).length) setErrors(availabilityErrors(days, t));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuleren
          </Button>
          <Button onClick={save}>Opslaan</Button>
        </Group>
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
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const r = donationFormSchema(entry.remaining ?? Number.MAX_SAFE_INTEGER).safeParse({ amount: typedNumber(amount) });
    if (!r.success) return setError(r.error.issues[0]?.message ?? null);
    const value = eurosToCents(r.data.amount);
    setBusy(true);
    try {
      // What the goal still needs is known to the server: it checks the amount with the order rules.
      await apiPost('/api/order/preview', { crowdfunds: [{ funding_id: entry.id, funding_amount: value }] });
      const saved = { ...entry, value };
      if (index === null) addCartItem(cartKey, saved);
      else updateCartItem(cartKey, index, saved);
      onSaved?.(saved);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Onbekende fout');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text fw={600}>{entry.label}</Text>
        <NumberInput
          label="Bedrag (€)"
          withAsterisk
          min={0}
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator="."
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuleren
          </Button>
          <Button onClick={save} loading={busy}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
