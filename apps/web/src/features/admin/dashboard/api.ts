// The dashboard's mail outbox: every mail the shop sends, newest first, in pages.
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export const MAILS_PAGE_SIZE = 20;

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
}

export const mailKeys = {
  all: ['admin', 'mails'] as const,
  page: (page: number) => ['admin', 'mails', page] as const,
};

export const mailsQuery = (page: number) =>
  queryOptions({
    queryKey: mailKeys.page(page),
    queryFn: ({ signal }) => apiGet<{ mails: OutboxMail[]; total: number }>('/api/admin/mails', { page, pageSize: MAILS_PAGE_SIZE }, signal),
  });
