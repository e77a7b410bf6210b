// Left side of /afrekenen: the login form or 'Account aanmaken' for a visitor, the read-only
// details for someone logged in (changes are made on the account page).
import { Link } from 'react-router';
import { Anchor, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { DetailsList } from '../../components/DetailsList';
import { countryName } from '@umrah/domain/countries';
import { formatDate } from '@umrah/domain/dates';
import { LoginForm, useAuth, useAuthModals } from '../auth';

export function CheckoutDetails() {
  const { user } = useAuth();
  const modals = useAuthModals();

  if (!user) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <Title order={2} size="h3">
            Bestaande klant
          </Title>
          <LoginForm />
          <Divider label="of" labelPosition="center" />
          <Title order={2} size="h3">
            Nieuwe klant
          </Title>
          <Text size="sm">Maak een account aan; je wordt daarna meteen ingelogd en kunt afrekenen.</Text>
          <Button variant="light" onClick={() => modals.open('register')}>
            Account aanmaken
          </Button>
        </Stack>
      </Paper>
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
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Jouw gegevens
        </Title>
        <DetailsList rows={rows} label="Jouw gegevens" />
        <Text size="sm" c="dimmed">
          Kloppen je gegevens niet? Wijzigingen doe je op je{' '}
          <Anchor component={Link} to="/account" underline="always">
            accountpagina
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
