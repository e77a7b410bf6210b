// 'Maak offerte aan': the list is the admin invoice list (../invoices/api); saving a quote or invoice.
import { useListMutation } from '../../../components/admin-kit/useListMutation';
import { saveInvoice } from '../../invoices';
import { adminInvoiceKeys } from '../invoices';

export { downloadWithNotice, type Invoice } from '../../invoices';
import type { InvoiceBody } from '../../invoices';

/** Add (id null) or change a quote or invoice; the form shows a failure itself. */
export const useSaveInvoice = () =>
  useListMutation({ mutationFn: ({ id, body }: { id: number | null; body: InvoiceBody }) => saveInvoice(id, body), list: adminInvoiceKeys.all });
