import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { MyTripList, MyTripView } from '../features/my-trip';
import { usePageTitle } from '../lib/usePageTitle';

/**
 * /account/reis/ and /account/reis/{orderId}: 'Mijn reis'. Not behind RequireAuth: offline, the
 * session may have run out while the trip is still readable from the phone's copy; online the API's
 * 401 shows the login form instead.
 */
export default function MyTripPage() {
  const { orderId } = useParams();
  usePageTitle('Mijn reis');
  const id = orderId && /^\d{1,9}$/.test(orderId) ? Number(orderId) : null;
  return (
    <Container size="md" py="xl">
      {/* Installable on the home screen: the manifest's start page is the list of trips. */}
      <link rel="manifest" href="/mijn-reis.webmanifest" />
      {id === null ? <MyTripList /> : <MyTripView orderId={id} />}
    </Container>
  );
}
