import { Title } from '@mantine/core';

export default function UsersTab() {
  return (
    <Title order={2} size="h3">
      Gebruikers
    </Title>
  );
}
