import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthModalsProvider } from '../features/auth/AuthModalsProvider';
import { AuthProvider } from '../features/auth/AuthProvider';
import { PreferencesProvider } from '../features/preferences/PreferencesProvider';
import { ApiError } from '../lib/api';
import { cssVariablesResolver, theme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Network failures are already retried by the API client; 4xx answers will not change.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" zIndex={400} />
      <QueryClientProvider client={queryClient}>
        <PreferencesProvider>
          <AuthProvider>
            <AuthModalsProvider>{children}</AuthModalsProvider>
          </AuthProvider>
        </PreferencesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
