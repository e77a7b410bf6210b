// 'API-lijst': the passenger list for the airline in the general or the Turkish Airlines layout,
// as XLSX or CSV (names as in the passport, gender, date of birth, nationality, passport).
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { FormError } from '../../../components/admin-kit/FormFooter';
import { errorMessage } from '../../../lib/notify';
import { tripFile, useTripDownload, type AirlineLayout } from './api';

export const LAYOUTS: { value: AirlineLayout; label: string }[] = [
  { value: 'general', label: 'Algemeen' },
  { value: 'turkish', label: 'Turkish Airlines' },
];

export function AirlineModal({ start, title, onClose }: { start: string; title: string; onClose: () => void }) {
  const [layout, setLayout] = useState<AirlineLayout>('general');
  const downloading = useTripDownload();
  const busy = downloading.isPending ? (downloading.variables.file === tripFile.airlineXlsx ? 'xlsx' : 'csv') : null;

  const download = (format: 'xlsx' | 'csv') =>
    downloading.mutate({
      start,
      file: format === 'xlsx' ? tripFile.airlineXlsx : tripFile.airlineCsv,
      fallbackName: `api-lijst-${layout}-${start}.${format}`,
      query: { layout },
    });

  return (
    <Modal opened onClose={onClose} title={`API-lijst – ${title}`} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Radio.Group label="Indeling" value={layout} onChange={(v) => setLayout(v as AirlineLayout)}>
          <Group mt="xs">
            {LAYOUTS.map((l) => (
              <Radio key={l.value} value={l.value} label={l.label} />
            ))}
          </Group>
        </Radio.Group>
        <Text size="sm" c="dark.4">
          Namen zoals in het paspoort, geslacht, geboortedatum, nationaliteit, paspoortnummer en vervaldatum. Gasten zonder documenten staan erin met
          lege paspoortvelden.
        </Text>
        <FormError error={errorMessage(downloading.error)} />
        <Group justify="flex-end">
          <Button variant="default" loading={busy === 'csv'} disabled={busy !== null} onClick={() => download('csv')}>
            CSV downloaden
          </Button>
          <Button loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => download('xlsx')}>
            XLSX downloaden
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
