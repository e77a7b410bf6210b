import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const POINTS = [
  {
    title: 'De beste hotels',
    text: 'Je verblijft in zorgvuldig gekozen hotels op loopafstand van de Haram in Mekka en de Masjid an-Nabawi in Medina.',
    icon: 'M3 21V7l9-4 9 4v14M9 21v-6h6v6M7 10h2M15 10h2',
  },
  {
    title: 'Volledig geregeld',
    text: 'Vlucht, transport, visum en hotels: wij regelen alles, zodat jij je volledig kunt richten op je Umrah.',
    icon: 'M5 12.5l4.5 4.5L19 7.5',
  },
  {
    title: 'Ervaren begeleiders',
    text: 'Onze reisleiders en religieuze begeleiders gaan al jaren mee en staan dag en nacht voor je klaar.',
    icon: 'M8 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a6 6 0 0 1 12 0M17 11a3 3 0 1 0 0-6M22 21a5 5 0 0 0-5-5',
  },
  {
    title: 'Kwalitatief reisprogramma',
    text: 'Een doordacht programma met lessen, ziyarat en excursies naar de historische plaatsen van Mekka en Medina.',
    icon: 'M4 5h16v15H4zM4 9h16M9 3v4M15 3v4M8 13h3M8 16h6',
  },
];

export function SellingPoints() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
      {POINTS.map((p) => (
        <Stack key={p.title} gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" color="teal">
            <svg
              width="26"
              height="26"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d={p.icon} />
            </svg>
          </ThemeIcon>
          <Title order={3} size="h4">
            {p.title}
          </Title>
          <Text size="sm" c="dimmed">
            {p.text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
