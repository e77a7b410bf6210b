// A bordered card with an h2 title (checkout halves, cart overview, account cards). With an id it is
// a <section> named by its title.
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

export function Panel({ title, id, action, children }: { title: ReactNode; id?: string; action?: ReactNode; children: ReactNode }) {
  const heading = (
    <Title order={2} size="h3" id={id}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="md" p="lg" {...(id ? { component: 'section' as const, 'aria-labelledby': id } : {})}>
      <Stack>
        {action ? (
          <Group justify="space-between">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
