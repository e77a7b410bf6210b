import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useSearchParams } from 'react-router';
import { Container, Stack, Tabs, Title } from '@mantine/core';
import { must } from '@umrah/domain/must';
import { PageLoader } from '../components/Feedback';
import { usePageTitle } from '../lib/usePageTitle';
import { BOOKKEEPER_TAB_VALUES, useReadOnlyAdmin } from '../features/admin/roles';

interface AdminTab {
  value: string;
  label: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
}

/** The bookkeeper's own 'Bestellingen' tab; the admin finds the orders in the Dashboard tab. */
const bookkeeperOrdersTab: AdminTab = {
  value: 'bestellingen',
  label: 'Bestellingen',
  Component: lazy(() => import('../features/admin/orders-list/OrdersTab')),
};

/** The nine tabs of docs/RULES.md, 'Screens', in order, and the audit log; `value` is what ?tab= holds. */
export const ADMIN_TABS: AdminTab[] = [
  { value: 'dashboard', label: 'Dashboard', Component: lazy(() => import('../features/admin/dashboard/DashboardTab')) },
  { value: 'gebruikers', label: 'Gebruikers', Component: lazy(() => import('../features/admin/users/UsersTab')) },
  { value: 'producten', label: 'Producten', Component: lazy(() => import('../features/admin/products/ProductsTab')) },
  { value: 'kennis', label: 'Kennis/Flyers', Component: lazy(() => import('../features/admin/articles/ContentAdminTab')) },
  { value: 'facturen', label: 'Facturen/aanbetalingsbewijzen', Component: lazy(() => import('../features/admin/invoices/InvoicesTab')) },
  { value: 'betalingen', label: 'Betalingen', Component: lazy(() => import('../features/admin/payments/PaymentsTab')) },
  { value: 'kortingscodes', label: 'Maak kortingscode aan', Component: lazy(() => import('../features/admin/vouchers/VouchersTab')) },
  { value: 'offertes', label: 'Maak offerte aan', Component: lazy(() => import('../features/admin/quotes/QuotesTab')) },
  { value: 'reisoverzichten', label: 'Reisoverzichten', Component: lazy(() => import('../features/admin/trips/TripsTab')) },
  // Beyond the nine tabs: who changed what (docs/records.md), for admins only.
  { value: 'audit', label: 'Audit-log', Component: lazy(() => import('../features/admin/audit/AuditTab')) },
];

/** The tabs this user sees: all of them for an admin, the three read-only ones for the bookkeeper (docs/RULES.md, 'Roles'). */
function useAdminTabs(): AdminTab[] {
  const readOnly = useReadOnlyAdmin();
  if (!readOnly) return ADMIN_TABS;
  const pick = (value: string) => (value === bookkeeperOrdersTab.value ? bookkeeperOrdersTab : ADMIN_TABS.find((t) => t.value === value));
  return BOOKKEEPER_TAB_VALUES.map(pick).filter((t): t is AdminTab => t !== undefined);
}

export default function AdminPage() {
  usePageTitle('Admin');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tabs = useAdminTabs();
  const tab = tabs.find((t) => t.value === requested)?.value ?? must(tabs[0], 'every admin role has a tab').value;

  return (
    <Container size="xl" py="xl">
      <Stack>
        <Title order={1}>Admin portaal</Title>
        <Tabs value={tab} keepMounted={false} onChange={(v) => v && setParams({ tab: v })}>
          <Tabs.List>
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ value, Component }) => (
            <Tabs.Panel key={value} value={value} pt="lg">
              <Suspense fallback={<PageLoader />}>
                <Component />
              </Suspense>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
