// The dashboard's mail outbox: every mail the shop sends, newest first, in pages, with how many wait
// or failed, and 'Opnieuw versturen' for a mail the mail server refused.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { useListMutation } from '../../../components/admin-kit/useListMutation';

export const MAILS_PAGE_SIZE = 20;

export const mailKeys = {
  all: ['admin', 'mails'] as const,
  page: (page: number) => ['admin', 'mails', page] as const,
};

export const mailsQuery = (page: number) =>
  queryOptions({
    queryKey: mailKeys.page(page),
    queryFn: ({ signal }) => apiGet('/api/admin/mails', { query: { page, pageSize: MAILS_PAGE_SIZE }, signal }),
  });

/** 'Opnieuw versturen': the mail goes back in the queue and is tried at once; the list is fetched again. */
export const useRetryMail = () =>
  useListMutation({
    mutationFn: (id: number) => apiPost('/api/admin/mails/:id/retry', { params: { id } }),
    list: mailKeys.all,
    notifyErrors: true,
  });
