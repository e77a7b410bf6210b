// 'Bestellingen' for the bookkeeper: the dashboard's orders list on its own (read-only there).
import { Stack, Title } from '@mantine/core';
import OrdersSection from './OrdersSection';

export default function OrdersTab() {
  return (
    <Stack>
      <Title order={2} size="h3">
        Bestellingen
      </Title>
      <OrdersSection />
    </Stack>
  );
}
