import { Link } from 'react-router';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/usePageTitle';

export default function NotFoundPage() {
  usePageTitle('Pagina niet gevonden');
  return (
    <Container size="sm" py={64}>
      <Stack align="flex-start">
        <Title order={1}>Pagina niet gevonden</Title>
        <Text>Deze pagina bestaat niet (meer). Misschien vind je wat je zoekt via het menu.</Text>
        <Button component={Link} to="/">
          Naar de homepagina
        </Button>
      </Stack>
    </Container>
  );
}
