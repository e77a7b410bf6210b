import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { DetailsList } from '../../components/DetailsList';
import { countryName } from '@umrah/domain/countries';
import { formatDate } from '@umrah/domain/dates';
import { useAuth, useAuthModals } from '../auth';

export function ProfileCard() {
  const { user } = useAuth();
  const modals = useAuthModals();
  if (!user) return null;
  const rows: [string, string][] = [
    ['Email', user.email],
    ['Voornaam', user.first_name],
    ['Achternaam', user.last_name],
    ['Geboortedatum', formatDate(user.date_of_birth)],
    ['Nationaliteit', countryName(user.nationality)],
    ['Telefoonnummer', user.phone_number],
    ['Adres', user.address],
    ['Postcode', user.zip],
    ['Woonplaats', user.city],
    ['Land', countryName(user.country)],
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            Mijn gegevens
          </Title>
          <Button variant="light" onClick={() => modals.open('account')}>
            Gegevens wijzigen
          </Button>
        </Group>
        <DetailsList rows={rows} />
      </Stack>
    </Paper>
  );
}
