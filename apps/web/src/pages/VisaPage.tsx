import { useParams } from 'react-router';
import { Alert, Container, Paper, Stack, Text } from '@mantine/core';
import { MSG } from '@umrah/domain/messages';
import { PageBanner } from '../components/PageBanner';
import { useAuth } from '../features/auth/AuthProvider';
import { LoginForm } from '../features/auth/LoginForm';
import { usePageTitle } from '../lib/usePageTitle';

/** /visum/invoeren/{id}: open to everyone; anonymous visitors get the login form first (SPEC 2). */
export default function VisaPage() {
  usePageTitle('Visumgegevens invoeren');
  const { id } = useParams();
  const { user } = useAuth();
  return (
    <>
      <PageBanner title="Visumgegevens invoeren" subtitle={`Bestelling #${id ?? ''}`} />
      <Container size="sm" py="xl">
        <Stack>
          {!user ? (
            <>
              <Text fw={600}>{MSG.loginRequired}</Text>
              <Paper withBorder p="lg" radius="md">
                <LoginForm />
              </Paper>
            </>
          ) : (
            <Alert color="gray" variant="light" title="Binnenkort beschikbaar">
              Het invoeren van paspoortgegevens en pasfoto's per reiziger komt binnenkort online.
            </Alert>
          )}
        </Stack>
      </Container>
    </>
  );
}
