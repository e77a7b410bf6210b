import { Navigate, useParams } from 'react-router';
import HomePage from './HomePage';

/**
 * /confirm/{orderId}: the same screen as home (SPEC 2). A non-numeric orderId goes back to /.
 * The order-status dialog shown here after payment arrives with the orders feature.
 */
export default function ConfirmPage() {
  const { orderId = '' } = useParams();
  if (!/^\d+$/.test(orderId)) return <Navigate to="/" replace />;
  return <HomePage />;
}
