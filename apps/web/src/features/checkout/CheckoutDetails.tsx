// Left side of /afrekenen: the login form or 'Account aanmaken' for a visitor, the read-only
// details for someone logged in (changes are made on the account page).
import { Link } from 'react-router';
import { Anchor, Button, Divider, Text, Title } from '@mantine/core';
import { Panel } from '../../components/Panel';
import { DetailsList } from '../../components/DetailsList';
import { countryName } from '@umrah/domain/countries';
import { formatDate } from '@umrah/domain/dates';
import { LoginForm, useAuth, useAuthModals } from '../auth';

export function CheckoutDetails() {
  const { user } = useAuth();
  const modals = useAuthModals();

  if (!user) {
    return (
      <Panel title="Bestaande klant">
        <LoginForm silentFailure />
        <Divider label="of" labelPosition="center" />
        <Title order={2} size="h3">
          Nieuwe klant
        </Title>
        <Text size="sm">Maak een account aan; je wordt daarna meteen ingelogd en kunt afrekenen.</Text>
        <Button variant="light" onClick={() => modals.open('register')}>
          Account aanmaken
        </Button>
      </Panel>
    );
  }

  const rows: [string, string][] = [
    ['Naam', `${user.first_name} ${user.last_name}`],
    ['Email', user.email],
    ['Geboortedatum', formatDate(user.date_of_birth)],
    ['Nationaliteit', countryName(user.nationality)],
    ['Telefoonnummer', user.phone_number],
    ['Adres', `${user.address}, ${user.zip} ${user.city}`],
    ['Land', countryName(user.country)],
  ];
  return (
    <Panel title="Jouw gegevens">
      <DetailsList rows={rows} label="Jouw gegevens" />
      <Text size="sm" c="dimmed">
        Kloppen je gegevens niet? Wijzigingen doe je op je{' '}
        <Anchor component={Link} to="/account" underline="always">
          accountpagina
        </Anchor>
        .
      </Text>
    </Panel>
  );
}
