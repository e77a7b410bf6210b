// The dashboard: how many mails wait or failed, the orders (search, leads, list with actions) or
// 'Openstaand' (what is still owed), and below them the mail outbox, where in development every mail
// the shop sends is readable and a refused mail can be sent again.
import { Divider, Tabs } from '@mantine/core';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { OpenOrdersSection } from '../open-orders';
import { OrdersSection } from '../orders-list';
import { RequestsSection } from '../../requests';
import { CrowdfundAdminSection } from '../../crowdfunds';
import MailsSection, { MailsStatus } from './MailsSection';

export default function DashboardTab() {
  return (
    <AdminTab title="Dashboard">
      <MailsStatus />
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
      <MailsSection />
    </AdminTab>
  );
}
