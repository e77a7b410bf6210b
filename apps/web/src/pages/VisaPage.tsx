import { useParams } from 'react-router';
import { Alert, Container, Paper, Stack, Text } from '@mantine/core';
import { invoiceNumber } from '@umrah/domain/documents';
import { MSG } from '@umrah/domain/messages';
import { PageBanner } from '../components/PageBanner';
import { PageLoader } from '../components/Feedback';
import { LoginForm, useAuth } from '../features/auth';
import { VisaWizard } from '../features/visa';
import { usePageTitle } from '../lib/usePageTitle';

/** /visum/invoeren/{id}: open to everyone; anonymous visitors get the login form first (docs/RULES.md, 'Screens', 'Roles'). */
export default function VisaPage() {
  usePageTitle('Visumgegevens invoeren');
  const { id } = useParams();
  const { token, user, loading, sessionExpired } = useAuth();
  const orderId = id && /^\d{1,9}$/.test(id) ? Number(id) : null;
  return (
    <>
      <PageBanner title="Visumgegevens invoeren" subtitle={orderId ? `Bestelling ${invoiceNumber(orderId)}` : undefined} />
      <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <Stack>
          {orderId === null ? (
            <Alert color="red" title="Bestelling niet gevonden" role="alert">
              Deze link klopt niet. Open de visumgegevens via Mijn bestellingen.
            </Alert>
          ) : !token ? (
            <>
              {sessionExpired && (
                <Alert color="orange" role="alert">
                  {MSG.sessionExpired}
                </Alert>
              )}
              <Text fw={600}>{MSG.loginRequired}</Text>
              <Paper withBorder p="lg" radius="md" maw={480}>
                <LoginForm />
              </Paper>
            </>
          ) : loading ? (
            <PageLoader />
          ) : (
            <VisaWizard key={`${orderId}-${user?.user_id ?? ''}`} orderId={orderId} />
          )}
        </Stack>
      </Container>
    </>
  );
}
