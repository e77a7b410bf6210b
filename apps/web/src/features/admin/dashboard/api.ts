// The dashboard's mail outbox: every mail the shop sends, newest first, in pages.
import { queryOptions } from '@tanstack/react-query';
import type { OutboxMails } from '@umrah/domain/contracts';
import { apiGet } from '../../../lib/api';

export const MAILS_PAGE_SIZE = 20;

export const mailKeys = {
  all: ['admin', 'mails'] as const,
  page: (page: number) => ['admin', 'mails', page] as const,
};

export const mailsQuery = (page: number) =>
  queryOptions({
    queryKey: mailKeys.page(page),
    queryFn: ({ signal }) => apiGet<OutboxMails>('/api/admin/mails', { page, pageSize: MAILS_PAGE_SIZE }, signal),
  });
