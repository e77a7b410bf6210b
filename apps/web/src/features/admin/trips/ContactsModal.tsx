// 'Contactlijst': the guest contact list for the tour leader (room, guest, booker, phone, e-mail,
// remark) as PDF or XLSX; each download is in the audit log like the trip's other downloads.
import { Modal, Stack, Text } from '@mantine/core';
import { tripFile } from './api';
import { TripDownloadButtons } from './TripDownloadButtons';

export function ContactsModal({ start, title, onClose }: { start: string; title: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Contactlijst – ${title}`} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text size="sm" c="dark.4">
          Per reiziger de kamer (uit de nieuwste kamerindeling), de boeker met telefoonnummer en e-mailadres, en een opmerking (rolstoel). Voor de
          reisleider; bevat persoonsgegevens.
        </Text>
        <TripDownloadButtons
          start={start}
          choices={[
            { file: tripFile.contactsXlsx, label: 'Contactlijst als Excel', variant: 'default' },
            { file: tripFile.contactsPdf, label: 'Contactlijst als PDF' },
          ]}
          fallbackName={(file) => `contactlijst-${start}.${file === tripFile.contactsPdf ? 'pdf' : 'xlsx'}`}
        />
      </Stack>
    </Modal>
  );
}
