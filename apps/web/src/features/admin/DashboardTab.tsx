import { Title } from '@mantine/core';

export default function DashboardTab() {
  return (
    <Title order={2} size="h3">
      Dashboard
    </Title>
  );
}
