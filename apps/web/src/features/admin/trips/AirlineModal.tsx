// 'API-lijst': the passenger list for the airline in the general or the Turkish Airlines layout,
// as XLSX or CSV (names as in the passport, gender, date of birth, nationality, passport).
import { useState } from 'react';
import { Group, Radio } from '@mantine/core';
import { tripFile, type AirlineLayout } from './api';
import { TripDownloadDialog } from './TripDownloadDialog';

export const LAYOUTS: { value: AirlineLayout; label: string }[] = [
  { value: 'general', label: 'Algemeen' },
  { value: 'turkish', label: 'Turkish Airlines' },
];

export function AirlineModal({ start, title, onClose }: { start: string; title: string; onClose: () => void }) {
  const [layout, setLayout] = useState<AirlineLayout>('general');
  return (
    <TripDownloadDialog
      title={`API-lijst – ${title}`}
      onClose={onClose}
      explanation="Namen zoals in het paspoort, geslacht, geboortedatum, nationaliteit, paspoortnummer en vervaldatum. Gasten zonder documenten staan erin met lege paspoortvelden."
      start={start}
      choices={[
        { file: tripFile.airlineCsv, label: 'CSV downloaden', variant: 'default' },
        { file: tripFile.airlineXlsx, label: 'XLSX downloaden' },
      ]}
      fallbackName={(file) => `api-lijst-${layout}-${start}.${file === tripFile.airlineXlsx ? 'xlsx' : 'csv'}`}
      query={{ layout }}
    >
      <Radio.Group label="Indeling" value={layout} onChange={(v) => setLayout(v as AirlineLayout)}>
        <Group mt="xs">
          {LAYOUTS.map((l) => (
            <Radio key={l.value} value={l.value} label={l.label} />
          ))}
        </Group>
      </Radio.Group>
    </TripDownloadDialog>
  );
}
