// The cart's voucher field (docs/RULES.md, 'Validation: Cart voucher'): POST /api/requestVoucher checks the code with the
// cart's codes, item count and products ('Deze kortingscode bestaat niet.', 'Kortingscode is
// verlopen.', 'Kortingscode kan niet vaker worden gebruikt.', product-bound codes); the order checks
// it all again.
import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { voucherKey } from '@umrah/domain/pricing';
import { VOUCHER_MSG, requestVoucherSchema } from '@umrah/domain/validation/voucher';
import { ApiError } from '../../lib/api';
import { useRequestVoucher } from './api';
import { addCartDiscount, cartDiscounts, removeCartDiscount, type CartKey } from './cartStorage';
import { showNotification } from '../../lib/notify';

export function VoucherField({ cartKey, entries }: { cartKey: CartKey; entries: readonly unknown[] }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const requestVoucher = useRequestVoucher();
  const applied = cartDiscounts(entries);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = requestVoucherSchema.pick({ label: true }).safeParse({ label: code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? VOUCHER_MSG.label);
    const label = parsed.data.label;
    if (applied.some((l) => voucherKey(l) === voucherKey(label))) return setError(VOUCHER_MSG.overused);
    requestVoucher.mutate(
      { label, applied, entries },
      {
        onSuccess: (res) => {
          addCartDiscount(cartKey, res.voucher.label);
          showNotification({ color: 'green', message: res.message });
          setCode('');
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Onbekende fout'),
      },
    );
  };

  return (
    <Stack gap="xs">
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="Kortingscode"
            placeholder="Je code"
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={requestVoucher.isPending} mt={25} variant="light">
            Toevoegen
          </Button>
        </Group>
      </form>
      {applied.length > 0 && (
        <Group gap={6} aria-label="Toegevoegde kortingscodes" role="list">
          {applied.map((l) => (
            <Badge
              key={l}
              role="listitem"
              variant="light"
              color="green"
              size="lg"
              rightSection={<CloseButton size="xs" aria-label={`Kortingscode ${l} verwijderen`} onClick={() => removeCartDiscount(cartKey, l)} />}
            >
              {l}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
