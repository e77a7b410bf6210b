// Old path of the documents badge, still imported by the admin's order details and the trips'
// order card: it is a shared component now (components/DocumentsBadge.tsx).
export { DocumentsBadge } from '../../components/DocumentsBadge';
