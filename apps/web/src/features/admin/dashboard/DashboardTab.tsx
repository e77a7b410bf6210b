// The dashboard: the orders (search, leads, list with actions) or 'Openstaand' (what is still owed,
// issue 25), and below them the mail outbox,
// where in development every mail the shop sends is readable.
import { Accordion, Badge, Divider, Group, Tabs, Text, Title } from '@mantine/core';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { DataTable } from '../../../components/admin-kit/DataTable';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import OpenOrdersSection from '../open-orders/OpenOrdersSection';
import OrdersSection from '../orders-list/OrdersSection';
import { RequestsSection } from '../../requests';
import { CrowdfundAdminSection } from '../../crowdfunds';
import { mailsQuery, MAILS_PAGE_SIZE } from './api';
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
  // No search box: the outbox is only paged.
  const mails = usePagedSearch({ query: (_q, page) => mailsQuery(page), rows: (d) => d.mails, total: (d) => d.total, pageSize: MAILS_PAGE_SIZE });

  return (
    <AdminTab title="Dashboard">
      <Tabs defaultValue="bestellingen" variant="outline" keepMounted={false}>
        <Tabs.List aria-label="Bestellingen of openstaand">
          <Tabs.Tab value="bestellingen">Bestellingen</Tabs.Tab>
          <Tabs.Tab value="openstaand">Openstaand</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bestellingen" pt="md">
          <OrdersSection />
        </Tabs.Panel>
        <Tabs.Panel value="openstaand" pt="md">
          <OpenOrdersSection />
        </Tabs.Panel>
      </Tabs>
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
      <DataTable
        {...mails.table}
        skeletonRows={5}
        skeletonHeight={44}
        empty="Er zijn nog geen mails verstuurd."
        renderRows={(rows) => (
          <Accordion variant="separated" aria-label="Mails">
            {rows.map((m) => (
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
        )}
      />
    </AdminTab>
  );
}
