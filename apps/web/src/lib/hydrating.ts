/**
 * Sent on window by main.tsx right before it hydrates the server's HTML: the island script of a public
 * page (src/islands.ts) puts back what it changed there first, so that hydration finds the server's nodes.
 */
export const HYDRATING_EVENT = 'umrah:hydrating';
