import { useLocation, useNavigate, useParams } from 'react-router';
import { Container, Stack, Tabs, Title } from '@mantine/core';
import { PrivacyCard, ProfileCard } from '../features/account';
import { MyOrders } from '../features/orders';
import { MyWaitlist } from '../features/waitlist/MyWaitlist';
import { fullName, useAuth } from '../features/auth';
import { usePageTitle } from '../lib/usePageTitle';

/** /account, /account/bestellingen and /account/bestellingen/{orderID}: the tab follows the path. */
export default function AccountPage() {
  const { pathname } = useLocation();
  const { orderID } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const tab = pathname.startsWith('/account/bestellingen') ? 'bestellingen' : 'account';
  usePageTitle(tab === 'account' ? 'Mijn account' : 'Mijn bestellingen');

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Mijn account{user ? `: ${fullName(user)}` : ''}</Title>
        <Tabs value={tab} onChange={(v) => navigate(v === 'bestellingen' ? '/account/bestellingen' : '/account')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="account">Account</Tabs.Tab>
            <Tabs.Tab value="bestellingen">Mijn bestellingen</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="account" pt="lg">
            <Stack>
              <ProfileCard />
              <PrivacyCard />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="bestellingen" pt="lg">
            <Stack>
              <MyWaitlist />
              <MyOrders orderId={orderID && /^\d{1,9}$/.test(orderID) ? Number(orderID) : undefined} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
