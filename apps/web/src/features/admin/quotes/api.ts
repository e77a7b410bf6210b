// 'Maak offerte aan': the list is the admin invoice list (../invoices/api); saving a quote or invoice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../lib/notify';
import { saveInvoice } from '../../invoices/api';
import { adminInvoiceKeys } from '../invoices/api';

export { adminInvoicesQuery, downloadWithNotice, INVOICES_PAGE_SIZE, type Invoice } from '../invoices/api';

/** Add (id null) or change a quote or invoice; the lists are refetched and the server's message shown. */
export function useSaveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: unknown }) => saveInvoice(id, body),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: adminInvoiceKeys.all });
    },
  });
}
