import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ActionIcon, Box, Button, Container, Group, Indicator, Stack } from '@mantine/core';
import { fullName, preloadAuthModals, useAuth, useAuthModals } from '../../features/auth';
import { useAdminCartCount, useCartCount } from '../../features/cart';
import { usePreferences } from '../../features/preferences';
import { AdminCartIcon, CartIcon, CloseIcon, GlobeIcon, MenuIcon, UserIcon } from '../../components/icons';
import { MENU_LINKS } from './nav';
import classes from './Header.module.css';

// Only logged-in visitors need the popover (and its positioning library).
const UserMenu = lazy(() => import('./UserMenu'));

export function Header() {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const arabia = location.pathname.startsWith('/arabia-teaching');

  // The menu closes when a link in it is followed (or the back button is used).
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <MenuButton open={menuOpen} onToggle={() => setMenuOpen((o) => !o)} />

        <Link to="/" className={classes.logo} aria-label="Umrah Reizen, naar de homepagina">
          <picture>
            <source media="(max-width: 40em)" srcSet={arabia ? '/images/logo-arabia-mark.svg' : '/images/logo-mark.svg'} />
            <img
              src={arabia ? '/images/logo-arabia.svg' : '/images/logo.svg'}
              alt={arabia ? 'Arabia Teaching' : 'Umrah Reizen'}
              width={168}
              height={40}
            />
          </picture>
        </Link>

        <HeaderActions />
      </Container>

      {menuOpen && <MainMenu onFollow={() => setMenuOpen(false)} />}
    </Box>
  );
}

/** Region, cart(s) and the account: the buttons on the right of the bar. */
function HeaderActions() {
  const { user, isAdmin, loading } = useAuth();
  const modals = useAuthModals();
  const prefs = usePreferences();
  const cartCount = useCartCount();
  const adminCartCount = useAdminCartCount();

  return (
    <Group gap={4} wrap="nowrap" className={classes.actions}>
      <ActionIcon variant="subtle" color="dark" size="lg" onClick={prefs.openRegionModal} aria-label={`Regio en taal (${prefs.region})`}>
        <GlobeIcon />
      </ActionIcon>
      <Indicator label={cartCount} size={16} disabled={cartCount === 0} offset={4}>
        <ActionIcon component={Link} to="/winkelwagen" variant="subtle" color="dark" size="lg" aria-label={`Winkelwagen (${cartCount})`}>
          <CartIcon />
        </ActionIcon>
      </Indicator>
      {isAdmin && (
        <Indicator label={adminCartCount} size={16} disabled={adminCartCount === 0} offset={4} color="orange">
          <ActionIcon
            component={Link}
            to="/admin-winkelwagen"
            variant="subtle"
            color="dark"
            size="lg"
            aria-label={`Admin winkelwagen (${adminCartCount})`}
          >
            <AdminCartIcon />
          </ActionIcon>
        </Indicator>
      )}
      {user ? (
        <Suspense fallback={<span className={`${classes.userButton} ${classes.userName}`}>{fullName(user)}</span>}>
          <UserMenu />
        </Suspense>
      ) : (
        <Button
          variant="subtle"
          color="dark"
          px={8}
          leftSection={<UserIcon />}
          loading={loading}
          onMouseEnter={preloadAuthModals}
          onFocus={preloadAuthModals}
          onClick={() => modals.open('login')}
        >
          Account
        </Button>
      )}
    </Group>
  );
}

/** The button that opens and closes the menu (opened, also a template of the island script, islands.ts). */
export function MenuButton({ open, onToggle }: { open: boolean; onToggle?: () => void }) {
  return (
    <Button
      variant="subtle"
      color="dark"
      px={8}
      leftSection={open ? <CloseIcon /> : <MenuIcon />}
      onClick={onToggle}
      aria-expanded={open}
      aria-controls="hoofdmenu"
    >
      {open ? 'Sluit' : 'Menu'}
    </Button>
  );
}

/** The opened menu under the bar (also the template the public pages' island script shows, islands.ts). */
export function MainMenu({ onFollow }: { onFollow?: () => void }) {
  return (
    <Box component="nav" id="hoofdmenu" aria-label="Hoofdmenu" className={classes.menu}>
      <Container size="lg">
        <Stack gap={0} component="ul" className={classes.menuList}>
          {MENU_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                end={l.to === '/'}
                className={({ isActive }) => `${classes.menuLink} ${isActive ? classes.active : ''}`}
                onClick={onFollow}
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
