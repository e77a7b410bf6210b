import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countryName } from '@umrah/domain/countries';
import { formatDate } from '@umrah/domain/dates';
import { useAuth } from '../auth/AuthProvider';
import { useAuthModals } from '../auth/AuthModalsProvider';

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
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} data-field={label}>
                {value || '-'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
