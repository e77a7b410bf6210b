import { Navigate, useParams } from 'react-router';
import { ReturnDialog } from '../features/checkout';
import HomePage from './HomePage';

/**
 * /confirm/{orderId}: the same screen as home, with the dialog about the order's payment on top
 * (docs/RULES.md, 'Screens'). A non-numeric orderId goes back to /.
 */
export default function ConfirmPage() {
  const { orderId = '' } = useParams();
  if (!/^\d{1,9}$/.test(orderId)) return <Navigate to="/" replace />;
  return (
    <>
      <HomePage />
      <ReturnDialog orderId={Number(orderId)} />
    </>
  );
}
