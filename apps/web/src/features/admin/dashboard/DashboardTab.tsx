// The dashboard: the orders (search, leads, list with actions), and below them the mail outbox,
// where in development every mail the shop sends is readable and a refused mail can be sent again.
import { Divider } from '@mantine/core';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import OrdersSection from '../orders-list/OrdersSection';
import { RequestsSection } from '../../requests';
import { CrowdfundAdminSection } from '../../crowdfunds';
import MailsSection, { MailsStatus } from './MailsSection';

export default function DashboardTab() {
  return (
    <AdminTab title="Dashboard">
      <MailsStatus />
      <OrdersSection />
      <Divider my="md" />
      <RequestsSection />
      <Divider my="md" />
      <CrowdfundAdminSection />
      <Divider my="md" />
      <MailsSection />
    </AdminTab>
  );
}
