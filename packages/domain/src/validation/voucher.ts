import dayjs from 'dayjs';
import { z } from 'zod';
import { eurosToCents } from '../money.ts';
import { MSG } from '../messages.ts';
import { idField, requiredText, text } from './common.ts';

const INVALID = MSG.invalidInput;

// Vouchers (kortingscodes): the cart's lookup, the admin add form and the API body share these.

export const VOUCHER_MSG = {
  unknown: 'Deze kortingscode bestaat niet.',
  expired: 'Kortingscode is verlopen.',
  overused: 'Kortingscode kan niet vaker worden gebruikt.',
  noMatch: 'Deze kortingscode geldt niet voor de producten in je winkelwagen.',
  applied: 'Kortingscode succesvol toegevoegd.',
  label: 'Code is verplicht!',
  labelFormat: 'Een code bestaat uit letters, cijfers, - en _ (zonder spaties).',
  amount: 'Bedrag is verplicht!',
  amountMin: 'Bedrag moet boven 0 zijn',
  amountCents: 'Bedrag moet in centen (een heel getal) worden opgegeven.',
  expire: 'Vervaldatum is verplicht!',
  expireFormat: 'Vervaldatum moet de vorm JJJJ-MM-DD UU:mm:ss hebben.',
  exists: 'Deze kortingscode bestaat al.',
  created: (label: string) => `Kortingscode ${label} is succesvol toegevoegd.`,
  deleted: 'Kortingscode is verwijderd.',
  notFound: 'Kortingscode niet gevonden.',
  protectedVoucher: 'De kortingscode kid-without-bed kan niet worden verwijderd.',
  tooLong: 'Deze tekst is te lang.',
} as const;

/** 'YYYY-MM-DD HH:mm:ss', the expiry format of docs/RULES.md, 'Validation' (Dutch local time). */
export const VOUCHER_EXPIRE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const EXPIRE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** True for a real 'YYYY-MM-DD HH:mm:ss' (no 31 February, no 25:00). */
export function isVoucherExpireDate(value: string): boolean {
  const m = EXPIRE_RE.exec(value);
  if (!m) return false;
  // The pattern has six groups, so the defaults never apply.
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

const voucherLabel = requiredText(VOUCHER_MSG.label, 50).regex(/^[A-Za-z0-9_-]+$/, { error: VOUCHER_MSG.labelFormat });

/** Products a voucher is bound to; an empty list means it applies to the whole order. */
export const voucherFlexSchema = z.object(
  {
    products: z.array(idField(INVALID), { error: INVALID }).max(200, { error: 'Te veel items.' }).default([]),
  },
  { error: INVALID },
);

/** POST /api/voucher: amount in cents, expiry 'YYYY-MM-DD HH:mm:ss'. The voucher is created active. */
export const voucherSchema = z.object(
  {
    label: voucherLabel,
    amount: z
      .number({ error: VOUCHER_MSG.amount })
      .int({ error: VOUCHER_MSG.amountCents })
      .positive({ error: VOUCHER_MSG.amountMin })
      .max(100_000_000, { error: VOUCHER_MSG.tooLong }),
    expire_date: requiredText(VOUCHER_MSG.expire).refine(isVoucherExpireDate, { error: VOUCHER_MSG.expireFormat }),
    flex: voucherFlexSchema.default({ products: [] }),
  },
  { error: INVALID },
);
export type VoucherInput = z.output<typeof voucherSchema>;

/** The admin add modal: amount in euros, expiry as a date; `voucherFormToInput` makes the API body. */
export const voucherFormSchema = z.object({
  label: voucherLabel,
  amount: z.number({ error: VOUCHER_MSG.amount }).positive({ error: VOUCHER_MSG.amountMin }).max(1_000_000, { error: VOUCHER_MSG.tooLong }),
  expire_date: z.union([z.date(), z.string().min(1)], { error: VOUCHER_MSG.expire }),
});
export type VoucherFormValues = z.input<typeof voucherFormSchema>;

/** Amount × 100 to cents, expiry formatted 'YYYY-MM-DD HH:mm:ss' (docs/RULES.md, 'Validation: Voucher form'). */
export function voucherFormToInput(form: z.output<typeof voucherFormSchema>): z.input<typeof voucherSchema> {
  return {
    label: form.label,
    amount: eurosToCents(form.amount),
    expire_date: dayjs(form.expire_date).format(VOUCHER_EXPIRE_FORMAT),
  };
}

/**
 * POST /api/requestVoucher. Only `label` is required; when the cart also sends the labels it
 * already holds, its item count and its product ids, the server checks 'kan niet vaker' and
 * product-bound vouchers too.
 */
export const requestVoucherSchema = z.object(
  {
    label: requiredText(VOUCHER_MSG.label, 100),
    discounts: z.array(text(100, 'Een kortingscode'), { error: INVALID }).max(50).optional(),
    items: z.number({ error: INVALID }).int({ error: INVALID }).min(0).max(1000).optional(),
    products: z.array(idField(INVALID), { error: INVALID }).max(200).optional(),
  },
  { error: INVALID },
);
export type RequestVoucherInput = z.infer<typeof requestVoucherSchema>;

/**
 * The most codes one lookup may name: more than a cart holds in practice (one code per guest of a
 * family's rooms), far fewer than a guesser would like (docs/ABUSE.md).
 */
export const VOUCHER_LOOKUP_MAX = 10;

/** POST /api/vouchers_from_label. */
export const vouchersFromLabelSchema = z.object(
  {
    discounts: z
      .array(text(100, 'Een kortingscode'), { error: 'Stuur een lijst met kortingscodes.' })
      .max(VOUCHER_LOOKUP_MAX, { error: 'Te veel items.' }),
  },
  { error: INVALID },
);

/** The voucher as the API serves it. */
export interface VoucherDto {
  id: number;
  label: string;
  /** cents */
  amount: number;
  /** 'YYYY-MM-DD HH:mm:ss' in Dutch local time, null for no expiry. */
  expire_date: string | null;
  active: boolean;
  flex: { products: number[] };
  created_at: string;
}
