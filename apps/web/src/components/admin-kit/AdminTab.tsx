// The frame of an admin tab: its heading with the tab's main action (an add button) beside it, then
// the tab's content.
import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';

export function AdminTab({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
