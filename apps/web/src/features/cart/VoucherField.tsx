// The cart's voucher field (SPEC 5 'Cart voucher'): POST /api/requestVoucher checks the code with the
// cart's codes, item count and products ('Deze kortingscode bestaat niet.', 'Kortingscode is
// verlopen.', 'Kortingscode kan niet vaker worden gebruikt.', product-bound codes); the order checks
// it all again.
import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { discountableItemCount, voucherKey } from '@umrah/domain/pricing';
import { VOUCHER_MSG, requestVoucherSchema, type VoucherDto } from '@umrah/domain/validation/voucher';
import { ApiError, apiPost } from '../../lib/api';
import { cartKind, cartToOrder } from '../checkout/cart';
import { addCartDiscount, cartDiscounts, removeCartDiscount, type CartKey } from './cartStorage';

/** Product ids in the cart, for product-bound vouchers. */
export function cartProductIds(entries: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const e of entries) {
    const kind = cartKind(e);
    const r = e as { product_id?: unknown; id?: unknown };
    const id = kind === 'umrah' ? r.product_id : kind === 'arabia' || kind === 'product' ? r.id : undefined;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

export function VoucherField({ cartKey, entries }: { cartKey: CartKey; entries: readonly unknown[] }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = cartDiscounts(entries);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = requestVoucherSchema.pick({ label: true }).safeParse({ label: code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? VOUCHER_MSG.label);
    const label = parsed.data.label;
    if (applied.some((l) => voucherKey(l) === voucherKey(label))) return setError(VOUCHER_MSG.overused);
    setBusy(true);
    try {
      const res = await apiPost<{ message: string; voucher: VoucherDto }>('/api/requestVoucher', {
        label,
        discounts: applied,
        // Items a code can discount (guests, lessons, products; donations never count), as the order counts them.
        items: discountableItemCount(cartToOrder(entries, false)),
        products: cartProductIds(entries),
      });
      addCartDiscount(cartKey, res.voucher.label);
      notifications.show({ color: 'green', message: res.message });
      setCode('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Onbekende fout');
    } finally {
      setBusy(false);
    }
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
          <Button type="submit" loading={busy} mt={25} variant="light">
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
