import { lazy, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Role } from '@umrah/domain/enums';
import { RequireAuth } from '../features/auth/RequireAuth';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './layout/Layout';
import { lazyPage } from './lazyPage';

// Every route loads its code on demand, so a page brings no other page's code. The
// server-rendered public pages are preloaded before hydration (lazyPage).
const HomePage = lazyPage(() => import('../pages/HomePage'));
const ConfirmPage = lazy(() => import('../pages/ConfirmPage'));
const PackagesPage = lazyPage(() => import('../pages/PackagesPage'));
const KnowledgePage = lazyPage(() => import('../pages/KnowledgePage'));
const KnowledgeDetailPage = lazyPage(() => import('../pages/KnowledgeDetailPage'));
const ArabiaTeachingPage = lazyPage(() => import('../pages/ArabiaTeachingPage'));
const AboutPage = lazyPage(() => import('../pages/AboutPage'));
const ContactPage = lazyPage(() => import('../pages/ContactPage'));
const CartPage = lazy(() => import('../pages/CartPage'));
const CheckoutPage = lazy(() => import('../pages/CheckoutPage'));
const AdminCartPage = lazy(() => import('../pages/AdminCartPage'));
const AccountPage = lazy(() => import('../pages/AccountPage'));
const AdminPage = lazy(() => import('../pages/AdminPage'));
const ProcessPaymentPage = lazy(() => import('../pages/ProcessPaymentPage'));
const QuotePage = lazy(() => import('../pages/QuotePage'));
const VisaPage = lazy(() => import('../pages/VisaPage'));
const MyTripPage = lazy(() => import('../pages/MyTripPage'));
const ResetPage = lazy(() => import('../pages/ResetPage'));
const TermsPage = lazyPage(() => import('../pages/TermsPage'));
const PrivacyPage = lazyPage(() => import('../pages/PrivacyPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

const ADMIN = [Role.ADMIN] as const;
/** /admin itself: the bookkeeper sees its read-only tabs there (docs/RULES.md, 'Roles'). */
const STAFF = [Role.ADMIN, Role.BOOKKEEPER] as const;

/** A route for signed-in users only (with one of `roles`, when given). */
const guarded = (path: string, page: ReactNode, roles?: readonly Role[]): RouteObject => ({
  path,
  element: <RequireAuth roles={roles}>{page}</RequireAuth>,
});

/** The routes anyone may open: path and page (react-router ranks them by path, not by order). */
const OPEN_ROUTES: [string, ComponentType][] = [
  ['/', HomePage],
  ['/confirm/:orderId', ConfirmPage],
  ['/pakketten', PackagesPage],
  ['/kennis', KnowledgePage],
  ['/kennis/:kennisId', KnowledgeDetailPage],
  ['/arabia-teaching', ArabiaTeachingPage],
  ['/over-ons', AboutPage],
  ['/contact', ContactPage],
  ['/winkelwagen', CartPage],
  ['/afrekenen', CheckoutPage],
  ['/offerte/:token', QuotePage],
  ['/visum/invoeren/:id', VisaPage],
  ['/reset/:id', ResetPage],
  // 'Mijn reis' checks the session itself: it must open offline after the token ran out.
  ['/account/reis', MyTripPage],
  ['/account/reis/:orderId', MyTripPage],
  ['/algemene-voorwaarden', TermsPage],
  ['/privacy', PrivacyPage],
  ['*', NotFoundPage],
];

/** The route table of docs/RULES.md, 'Screens', with its guards. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...OPEN_ROUTES.map(([path, Page]) => ({ path, element: <Page /> })),
      guarded('/admin-winkelwagen', <AdminCartPage />, ADMIN),
      ...['/account', '/account/bestellingen', '/account/bestellingen/:orderID'].map((path) => guarded(path, <AccountPage />)),
      guarded('/admin', <AdminPage />, STAFF),
      guarded('/admin/process_payment/:orderID', <ProcessPaymentPage />, ADMIN),
    ],
  },
];

/**
 * The app's pages for the router around it (BrowserRouter in the browser, StaticRouter on the
 * server). Declarative routing: the data router's code (loaders, actions, fetchers: none used here)
 * would add some 17 kB gzip to every page's first JavaScript.
 */
export function AppRoutes() {
  // A failure in the layout itself (a page's own failure is caught inside the layout).
  return <ErrorBoundary>{useRoutes(routes)}</ErrorBoundary>;
}
