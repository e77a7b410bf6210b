// Admin 'Reisoverzichten' (docs/RULES.md, 'Screens: Travel overviews'): the trip cards, and with
// ?reis=YYYY-MM-DD one trip's page. The trip lives in the address, so back and reload work.
import { useSearchParams } from 'react-router';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { TripCards } from './TripCards';
import { TripPage } from './TripPage';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export default function TripsTab() {
  const [params] = useSearchParams();
  const trip = params.get('reis');
  if (trip && ISO_DATE.test(trip)) return <TripPage key={trip} start={trip} />;
  return (
    <AdminTab title="Reisoverzichten">
      <TripCards />
    </AdminTab>
  );
}
