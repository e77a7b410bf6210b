// Placeholder: the catalog engineer replaces this tab.
import { Title } from '@mantine/core';

export default function ProductsTab() {
  return (
    <Title order={2} size="h3">
      Producten
    </Title>
  );
}
