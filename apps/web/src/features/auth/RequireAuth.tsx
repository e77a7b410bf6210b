// Route guard (docs/RULES.md, 'Roles'): an optional role list; guests get a login form, wrong roles a refusal.
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Container, Paper, Stack, Title } from '@mantine/core';
import { type Role } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { LoadError, PageLoader } from '../../components/Feedback';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAuth } from './AuthProvider';

// The form (and its zod schema) loads only when a guard needs it, keeping zod out of the first page.
const LoginForm = lazy(() => import('./LoginForm').then((m) => ({ default: m.LoginForm })));

export function LoginRequired({ expired }: { expired?: boolean }) {
  usePageTitle('Inloggen');
  return (
    <Container size="xs" py="xl">
      <Stack>
        <Title order={1} size="h2">
          {MSG.loginRequired}
        </Title>
        {expired && (
          <Alert color="orange" role="alert">
            {MSG.sessionExpired}
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          <Suspense fallback={<PageLoader />}>
            <LoginForm />
          </Suspense>
        </Paper>
      </Stack>
    </Container>
  );
}

export function Forbidden() {
  usePageTitle('Geen toegang');
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2">
        {MSG.forbidden}
      </Title>
    </Container>
  );
}

export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { token, user, loading, userError, sessionExpired } = useAuth();
  if (!token) return <LoginRequired expired={sessionExpired} />;
  if (loading) return <PageLoader />;
  if (!user) {
    return (
      <Container size="sm" py="xl">
        {userError ? <LoadError /> : <PageLoader />}
      </Container>
    );
  }
  if (roles && !roles.includes(user.role)) return <Forbidden />;
  return <>{children}</>;
}
