// Shared loading, empty and failure states.
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { MSG } from '@umrah/domain/messages';

export function PageLoader({ label = 'Laden...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** docs/RULES.md, 'Messages': 'Fout bij het ophalen van gegevens' plus 'Neem contact op met ons!'. */
export function LoadError() {
  return (
    <Alert color="red" title={MSG.loadFailed} role="alert">
      {MSG.contactUs}
    </Alert>
  );
}

/** A query's loading and failure states in one place; the children show once its data is there. */
export function QueryState({
  query,
  loadingLabel,
  children,
}: {
  query: { isPending: boolean; isError: boolean };
  loadingLabel?: string;
  children: React.ReactNode;
}) {
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError) return <LoadError />;
  return <>{children}</>;
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {children}
    </Text>
  );
}
