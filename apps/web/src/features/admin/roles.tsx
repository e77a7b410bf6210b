// The bookkeeper (role 2) in the admin (docs/RULES.md, 'Roles'): read-only Facturen, Betalingen and Bestellingen,
// every write control hidden. The API refuses the bookkeeper's writes with 403 anyway; hiding them
// keeps the screen honest about what this role may do.
import { Role } from '@umrah/domain/enums';
import { useAuth } from '../auth';

/** True for the bookkeeper: admin screens show data, no buttons that change it. */
export function useReadOnlyAdmin(): boolean {
  const { user } = useAuth();
  return user?.role === Role.BOOKKEEPER;
}

/** The bookkeeper's tabs, in this order; the orders live in the admin's Dashboard tab, for the bookkeeper in their own. */
export const BOOKKEEPER_TAB_VALUES = ['facturen', 'betalingen', 'bestellingen'] as const;
