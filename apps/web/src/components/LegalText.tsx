import { Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ServerHtml } from './ServerHtml';

export interface LegalSection {
  title: string;
  paragraphs?: ReactNode[];
  items?: ReactNode[];
}

/** The body of the terms and privacy pages: numbered sections of plain text. */
export function LegalText({ intro, sections, updated }: { intro: ReactNode; sections: LegalSection[]; updated: string }) {
  return (
    <Container size="md" py="xl">
      <ServerHtml>
        <Stack gap="lg">
          <Text>{intro}</Text>
          {sections.map((s, i) => (
            <section key={s.title} aria-labelledby={`artikel-${i + 1}`}>
              <Title order={2} size="h3" id={`artikel-${i + 1}`} mb="xs">
                {s.title}
              </Title>
              <Stack gap="xs">
                {s.paragraphs?.map((p, j) => (
                  <Text key={j}>{p}</Text>
                ))}
                {s.items && (
                  <List spacing={4}>
                    {s.items.map((item, j) => (
                      <List.Item key={j}>{item}</List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            </section>
          ))}
          <Text size="sm" c="dimmed">
            Laatst bijgewerkt: {updated}
          </Text>
        </Stack>
      </ServerHtml>
    </Container>
  );
}
