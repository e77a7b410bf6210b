// Staff: a guest's visa documents (GET /api/admin/order/{id}/visa, decrypted by the server) and the
// passport photo, which needs the bearer token and is therefore fetched as a blob and shown through
// an object URL that is released again when the modal closes.
import { useEffect, useMemo } from 'react';
import { Alert, Badge, Button, Center, Group, Image, Modal, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { countryName, nationalityName } from '@umrah/domain/countries';
import { formatDate } from '@umrah/domain/dates';
import { passportValidEnough, VISA_MSG, type AdminVisaGuestDto } from '@umrah/domain/validation/visa';
import { CloseFooter } from '../../../components/admin-kit/FormFooter';
import { LoadError } from '../../../components/Feedback';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { PassportSourceBadge } from '../../visa';
import { adminVisaQuery, guestPhotoQuery, useDownloadGuestPhoto } from './api';

const GENDER = ['Man', 'Vrouw'];
const PHOTO_FAILED = 'De pasfoto kon niet worden geladen.';

function Photo({ guestId, name }: { guestId: number; name: string }) {
  const photo = useQuery(guestPhotoQuery(guestId));
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (photo.isPending) return <Skeleton h={220} w={180} aria-label="Pasfoto laden" />;
  if (photo.isError || !url) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(photo.error, PHOTO_FAILED) ?? PHOTO_FAILED}
      </Alert>
    );
  }
  return <Image src={url} alt={`Pasfoto van ${name}`} h={220} w="auto" maw={200} fit="contain" radius="sm" />;
}

export function VisaDocumentsModal({
  orderId,
  guestId,
  onClose,
  onReset,
}: {
  orderId: number;
  guestId: number;
  onClose: () => void;
  onReset?: () => void;
}) {
  const visa = useQuery(adminVisaQuery(orderId));
  const guest = visa.data?.guests.find((g) => g.id === guestId);
  const name = guest ? `${guest.first_name} ${guest.last_name}`.trim() : '';
  const doc = guest?.documents ?? null;
  const tripStart = visa.data?.trip?.start ?? null;
  const photoDownload = useDownloadGuestPhoto({ onSuccess: (file) => notifySuccess(`${file} is gedownload.`) });

  return (
    <Modal
      opened
      onClose={onClose}
      title={name ? `Documenten van ${name}` : 'Documenten'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      {visa.isError ? (
        <LoadError />
      ) : visa.isPending ? (
        <Stack gap="xs" aria-label="Documenten laden">
          <Skeleton h={24} />
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      ) : !guest ? (
        <Alert color="red" role="alert">
          Deze reiziger hoort niet bij deze bestelling.
        </Alert>
      ) : !doc ? (
        <Alert color="orange" role="status">
          {name} heeft nog geen documenten aangeleverd.
        </Alert>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DocumentTable name={name} doc={doc} tripStart={tripStart} />
            <Center>{guest.has_photo ? <Photo guestId={guest.id} name={name} /> : <Text c="dimmed">Geen pasfoto</Text>}</Center>
          </SimpleGrid>
          {photoDownload.error && (
            <Alert color="red" role="alert">
              {errorMessage(photoDownload.error, PHOTO_FAILED)}
            </Alert>
          )}
          <CloseFooter onClose={onClose}>
            {guest.has_photo && (
              <Button variant="light" loading={photoDownload.isPending} onClick={() => photoDownload.mutate(guest.id)}>
                Pasfoto downloaden (200×200)
              </Button>
            )}
            {onReset && (
              <Button color="red" variant="light" onClick={onReset}>
                Documenten resetten
              </Button>
            )}
          </CloseFooter>
        </Stack>
      )}
    </Modal>
  );
}

type Documents = NonNullable<AdminVisaGuestDto['documents']>;

/** The delivered fields, label and value, in the order of the visa form. */
function documentRows(doc: Documents, tripStart: string | null): [string, React.ReactNode][] {
  return [
    ['Voornaam', doc.first_name],
    ['Achternaam', doc.last_name],
    ['Geslacht', GENDER[doc.gender] ?? '-'],
    ['Geboortedatum', formatDate(doc.date_of_birth)],
    ['Geboorteplaats', doc.city_of_birth],
    ['Geboorteland', countryName(doc.city_of_country)],
    ['Nationaliteit', nationalityName(doc.nationality)],
    [
      'Paspoortnummer',
      <Group gap="xs" key="number">
        <span>{doc.passport_number}</span>
        <PassportSourceBadge source={doc.passport_source} />
      </Group>,
    ],
    ['Uitgiftedatum paspoort', formatDate(doc.passport_creation_date)],
    [
      'Vervaldatum paspoort',
      <Group gap="xs" key="expires">
        <span>{formatDate(doc.passport_expires)}</span>
        {!passportValidEnough(doc.passport_expires, tripStart) && (
          <Badge color="red" variant="light" tt="none" title={VISA_MSG.passportExpiresTooSoon}>
            Bij vertrek minder dan 6 maanden geldig
          </Badge>
        )}
      </Group>,
    ],
    ['Aangeleverd op', formatDate(doc.submitted_at)],
  ];
}

function DocumentTable({ name, doc, tripStart }: { name: string; doc: Documents; tripStart: string | null }) {
  return (
    <Table aria-label={`Visumgegevens van ${name}`} verticalSpacing={4} fz="sm">
      <Table.Tbody>
        {documentRows(doc, tripStart).map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={600} w="45%">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
