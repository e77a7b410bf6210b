import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { PageLoader } from '../../components/Feedback';
import { ErrorBoundary } from '../ErrorBoundary';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageCommitted } from './pageCommitted';
import { ScrollRestorer } from './ScrollRestorer';
import { usePreferences } from '../../features/preferences';
import { useBrowserIdle } from '../../lib/useBrowserIdle';

const RegionModal = lazy(() => import('./RegionModal'));
// Not part of the first JavaScript of a page: the chat button comes a moment later.
const ChatWidget = lazy(() => import('../../features/chat/ChatWidget').then((m) => ({ default: m.ChatWidget })));

/**
 * Drawn in the browser only, once it is idle after hydration: a server-rendered chat button would
 * stay dead until its lazy code had loaded and hydrated, after the click layer over the page is gone,
 * and a tap on it would be lost; loaded right behind the hydration, its code and its twenty-odd
 * preloads would lengthen the hydration's last task. Its own component, so that mounting it
 * re-renders nothing else.
 */
function ChatWidgetOnceIdle() {
  const idle = useBrowserIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}

export function Layout() {
  const { pathname } = useLocation();
  const { regionModalOpened } = usePreferences();
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#inhoud" className="skip-link">
        Naar de inhoud
      </a>
      <Header />
      {/* At least a screen high, so the footer does not show and then jump away while a page loads. */}
      <Box component="main" id="inhoud" style={{ flex: 1, minHeight: 'calc(100dvh - 64px)' }}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <PageCommitted />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Footer />
      {regionModalOpened && (
        <Suspense fallback={null}>
          <RegionModal />
        </Suspense>
      )}
      <CookieBanner />
      <ChatWidgetOnceIdle />
      <ScrollRestorer />
    </Box>
  );
}
