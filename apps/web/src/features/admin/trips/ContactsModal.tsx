// 'Contactlijst': the guest contact list for the tour leader (room, guest, booker, phone, e-mail,
// remark) as PDF or XLSX; each download is in the audit log like the trip's other downloads.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormError } from '../../../components/admin-kit/FormFooter';
import { errorMessage } from '../../../lib/notify';
import { tripFile, useTripDownload } from './api';

export function ContactsModal({ start, title, onClose }: { start: string; title: string; onClose: () => void }) {
  const downloading = useTripDownload();
  const busy = downloading.isPending ? (downloading.variables.file === tripFile.contactsPdf ? 'pdf' : 'xlsx') : null;
  const download = (format: 'pdf' | 'xlsx') =>
    downloading.mutate({
      start,
      file: format === 'pdf' ? tripFile.contactsPdf : tripFile.contactsXlsx,
      fallbackName: `contactlijst-${start}.${format}`,
    });

  return (
    <Modal opened onClose={onClose} title={`Contactlijst – ${title}`} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text size="sm" c="dark.4">
          Per reiziger de kamer (uit de nieuwste kamerindeling), de boeker met telefoonnummer en e-mailadres, en een opmerking (rolstoel). Voor de
          reisleider; bevat persoonsgegevens.
        </Text>
        <FormError error={errorMessage(downloading.error)} />
        <Group justify="flex-end">
          <Button variant="default" loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => download('xlsx')}>
            Contactlijst als Excel
          </Button>
          <Button loading={busy === 'pdf'} disabled={busy !== null} onClick={() => download('pdf')}>
            Contactlijst als PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
