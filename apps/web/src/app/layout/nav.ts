/** The menu of docs/RULES.md, 'Screens', in its order. */
export const MENU_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/pakketten', label: 'Pakketten' },
  { to: '/kennis', label: 'Kennis' },
  { to: '/arabia-teaching', label: 'Arabia teaching' },
  { to: '/over-ons', label: 'Over ons' },
  { to: '/contact', label: 'Contact' },
] as const;
