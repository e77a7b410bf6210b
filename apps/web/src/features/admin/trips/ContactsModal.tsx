// 'Contactlijst': the guest contact list for the tour leader (room, guest, booker, phone, e-mail,
// remark) as PDF or XLSX; each download is in the audit log like the trip's other downloads.
import { tripFile } from './api';
import { TripDownloadDialog } from './TripDownloadDialog';

export function ContactsModal({ start, title, onClose }: { start: string; title: string; onClose: () => void }) {
  return (
    <TripDownloadDialog
      title={`Contactlijst – ${title}`}
      onClose={onClose}
      explanation="Per reiziger de kamer (uit de nieuwste kamerindeling), de boeker met telefoonnummer en e-mailadres, en een opmerking (rolstoel). Voor de reisleider; bevat persoonsgegevens."
      start={start}
      choices={[
        { file: tripFile.contactsXlsx, label: 'Contactlijst als Excel', variant: 'default' },
        { file: tripFile.contactsPdf, label: 'Contactlijst als PDF' },
      ]}
      fallbackName={(file) => `contactlijst-${start}.${file === tripFile.contactsPdf ? 'pdf' : 'xlsx'}`}
    />
  );
}
