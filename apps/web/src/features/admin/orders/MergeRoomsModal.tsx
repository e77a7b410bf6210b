import { useState } from 'react';
import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { mergePeriodSchema } from '@umrah/domain/validation/trips';
import { ApiError, apiPost } from '../../../lib/api';
import { parseDutchDate } from '../../catalog/ProductFormModal';

interface MergeAnswer {
  message: string;
  trips: { start_date: string; version: number; rooms_count: number }[];
}

/**
 * SPEC 2 'merge-rooms dialog (needs a period)': proposes and saves the rooming list of every trip
 * that departs in the period (POST /api/admin/trips/merge), then shows the server's message.
 */
export function MergeRoomsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = mergePeriodSchema.safeParse({ start: start ?? '', end: end ?? '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Periode is verplicht!');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await apiPost<MergeAnswer>('/api/admin/trips/merge', parsed.data);
      notifications.show({ color: 'green', message: res.message, autoClose: 8000 });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Onbekende fout');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Kamers samenvoegen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>
        <Stack>
          <Text size="sm">
            Voor elke reis die in deze periode vertrekt wordt de kamerindeling voorgesteld en als nieuwe versie opgeslagen; het
            kantoor krijgt een mail. De kamernummers vul je daarna in bij Reisoverzichten.
          </Text>
          <Group grow>
            <DateInput label="Van" placeholder="DD-MM-JJJJ" valueFormat="DD-MM-YYYY" dateParser={parseDutchDate} value={start} onChange={setStart} clearable />
            <DateInput label="Tot en met" placeholder="DD-MM-JJJJ" valueFormat="DD-MM-YYYY" dateParser={parseDutchDate} value={end} onChange={setEnd} clearable />
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuleren
            </Button>
            <Button onClick={submit} loading={busy}>
              Samenvoegen
            </Button>
          </Group>
        </Stack>
      </DatesProvider>
    </Modal>
  );
}
