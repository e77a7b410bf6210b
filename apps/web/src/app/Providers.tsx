import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthModalsProvider, AuthProvider } from '../features/auth';
import { RoomEditorProvider, type RoomEditor, type RoomEditorProps } from '../features/cart';
import { PreferencesProvider } from '../features/preferences';
import { ApiError } from '../lib/api';
import { NotificationsHost } from '../lib/notify';
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

// The carts change a room with the room wizard, which builds on the cart: wired here, and loaded
// only when a room is first changed.
const LazyEditRoomModal = lazy(() => import('../features/room-wizard').then((m) => ({ default: m.EditRoomModal })));
const editRoom: RoomEditor = (props: RoomEditorProps) => (
  <Suspense fallback={null}>
    <LazyEditRoomModal {...props} />
  </Suspense>
);

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost position="top-right" zIndex={400} />
      <QueryClientProvider client={queryClient}>
        <PreferencesProvider>
          <AuthProvider>
            <AuthModalsProvider>
              <RoomEditorProvider editor={editRoom}>{children}</RoomEditorProvider>
            </AuthModalsProvider>
          </AuthProvider>
        </PreferencesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
