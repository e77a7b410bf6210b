// The dashboard: the orders (search, leads, list with actions), and below them the mail outbox,
// where in development every mail the shop sends is readable.
import { useState } from 'react';
import { Accordion, Badge, Divider, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState, LoadError } from '../../components/Feedback';
import { adminKeys, fetchMails } from './adminApi';
import OrdersSection from './orders-list/OrdersSection';
import { RequestsSection } from '../requests/RequestsSection';
import { CrowdfundAdminSection } from '../crowdfunds/CrowdfundAdminSection';

const PAGE_SIZE = 20;
const STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'In de wachtrij', color: 'yellow' },
  sending: { label: 'Wordt verzonden', color: 'yellow' },
  sent: { label: 'Verzonden', color: 'green' },
  kept: { label: 'Bewaard (geen mailserver)', color: 'blue' },
  failed: { label: 'Mislukt', color: 'red' },
};

const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));

export default function DashboardTab() {
  const [page, setPage] = useState(1);
  const mails = useQuery({
    queryKey: [...adminKeys.mails, page],
    queryFn: ({ signal }) => fetchMails(page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const pages = mails.data ? Math.max(1, Math.ceil(mails.data.total / PAGE_SIZE)) : 1;

  return (
    <Stack>
      <Title order={2} size="h3">
        Dashboard
      </Title>
      <OrdersSection />
      <Divider my="md" />
      <RequestsSection />
      <Divider my="md" />
      <CrowdfundAdminSection />
      <Divider my="md" />
      <Title order={3} size="h4">
        Verstuurde mails
      </Title>
      <Text size="sm" c="dimmed">
        Alle mails die de webshop verstuurt, de nieuwste eerst. Zonder ingestelde mailserver blijven ze hier leesbaar.
      </Text>
      {mails.isError ? (
        <LoadError />
      ) : mails.isPending ? (
        <Stack gap="xs">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Stack>
      ) : mails.data.mails.length === 0 ? (
        <EmptyState>Er zijn nog geen mails verstuurd.</EmptyState>
      ) : (
        <>
          <Accordion variant="separated" aria-label="Mails">
            {mails.data.mails.map((m) => (
              <Accordion.Item key={m.id} value={String(m.id)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {m.subject}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        Aan {m.to} · {formatDateTime(m.created_at)}
                      </Text>
                    </div>
                    <Badge variant="light" color={STATUS[m.status]?.color ?? 'gray'} style={{ flexShrink: 0 }}>
                      {STATUS[m.status]?.label ?? m.status}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>
                    {m.text}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
