// 'Bestellingen' for the bookkeeper: the dashboard's orders list on its own (read-only there).
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import OrdersSection from './OrdersSection';

export default function OrdersTab() {
  return (
    <AdminTab title="Bestellingen">
      <OrdersSection />
    </AdminTab>
  );
}
