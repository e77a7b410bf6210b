import { Button } from '@mantine/core';
import { DetailsList } from '../../components/DetailsList';
import { Panel } from '../../components/Panel';
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
    <Panel
      title="Mijn gegevens"
      action={
        <Button variant="light" onClick={() => modals.open('account')}>
          Gegevens wijzigen
        </Button>
      }
    >
      <DetailsList rows={rows} />
    </Panel>
  );
}
