// The bookkeeper (role 2) in the admin (issue 13): read-only Facturen, Betalingen and Bestellingen,
// every write control hidden. The API refuses the bookkeeper's writes with 403 anyway; hiding them
// keeps the screen honest about what this role may do.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Role } from '@umrah/domain/enums';
import { useAuth } from '../auth/AuthProvider';

/** True for the bookkeeper: admin screens show data, no buttons that change it. */
export function useReadOnlyAdmin(): boolean {
  const { user } = useAuth();
  return user?.role === Role.BOOKKEEPER;
}

interface TabLike {
  value: string;
  label: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
}

/** The bookkeeper's tabs, in this order; the orders live in the admin's Dashboard tab, here in their own. */
export const BOOKKEEPER_TAB_VALUES = ['facturen', 'betalingen', 'bestellingen'] as const;

const ordersTab: TabLike = { value: 'bestellingen', label: 'Bestellingen', Component: lazy(() => import('./orders-list/OrdersTab')) };

/** The tabs this user sees: all of them for an admin, the three read-only ones for the bookkeeper. */
export function useAdminTabs<T extends TabLike>(all: readonly T[]): T[] {
  const readOnly = useReadOnlyAdmin();
  if (!readOnly) return [...all];
  const pick = (value: string) => (value === 'bestellingen' ? (ordersTab as T) : all.find((t) => t.value === value));
  return BOOKKEEPER_TAB_VALUES.map(pick).filter((t): t is T => t !== undefined);
}
