import { z } from 'zod';
import type { VoucherDto } from '../validation/voucher.ts';
import { listAnswer, messageAnswer, pagedAnswer } from './common.ts';

export type { VoucherDto };

/** The voucher as the API serves it (the type lives next to its request schemas). */
export const voucherContract = z.object({
  id: z.number(),
  label: z.string(),
  /** cents */
  amount: z.number(),
  /** 'YYYY-MM-DD HH:mm:ss' in Dutch local time, null for no expiry. */
  expire_date: z.string().nullable(),
  active: z.boolean(),
  flex: z.object({ products: z.array(z.number()) }),
  created_at: z.string(),
}) satisfies z.ZodType<VoucherDto>;

/** POST /api/requestVoucher, POST /api/voucher (201). */
export const voucherAnswerContract = messageAnswer.extend({ voucher: voucherContract });
export type VoucherAnswer = z.infer<typeof voucherAnswerContract>;

/** POST /api/vouchers_from_label. */
export const voucherListContract = listAnswer('vouchers', voucherContract);
export type VoucherList = z.infer<typeof voucherListContract>;

/** GET /api/vouchers (admin). */
export const vouchersPageContract = pagedAnswer('vouchers', voucherContract);
export type VouchersPage = z.infer<typeof vouchersPageContract>;
