// 'Reisdocumenten': every guest's passport photo and a PDF of the passport data of the trip as one
// zip, for the visa agent. A large zip takes a while: the modal shows how much has arrived.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { FormError } from '../../../components/admin-kit/FormFooter';
import { errorMessage } from '../../../lib/notify';
import { tripFile, useTripDownload, type TripStats } from './api';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('nl-NL', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;

export function DocumentsModal({ start, title, stats, onClose }: { start: string; title: string; stats: TripStats; onClose: () => void }) {
  const [progress, setProgress] = useState<{ received: number; total: number | null } | null>(null);
  const downloading = useTripDownload({ onSettled: () => setProgress(null) });
  const busy = progress !== null;

  const download = () => {
    setProgress({ received: 0, total: null });
    downloading.mutate({
      start,
      file: tripFile.documentsZip,
      fallbackName: `reisdocumenten-${start}.zip`,
      onProgress: (received, total) => setProgress({ received, total }),
    });
  };

  const percent = progress?.total ? Math.round((progress.received / progress.total) * 100) : null;
  return (
    <Modal opened onClose={onClose} title={`Reisdocumenten – ${title}`} closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <Stack>
        <Text size="sm">
          Een zip met per gast de pasfoto en een PDF van de paspoortgegevens. {stats.documents_complete} van{' '}
          {stats.documents_complete + stats.documents_missing} gasten hebben hun documenten aangeleverd.
        </Text>
        {stats.documents_missing > 0 && (
          <Alert color="orange" c="dark.7" role="note">
            Van {stats.documents_missing} {stats.documents_missing === 1 ? 'gast ontbreken' : 'gasten ontbreken'} de documenten nog.
          </Alert>
        )}
        <Text size="xs" c="dark.4">
          Deze bestanden bevatten paspoortgegevens: elke download wordt vastgelegd.
        </Text>
        {busy && (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} aria-label="Voortgang van de download" />
            <Text size="sm">
              {progress.received === 0
                ? 'Zip wordt samengesteld…'
                : `${megabytes(progress.received)} ontvangen${percent !== null ? ` (${percent}%)` : ''}`}
            </Text>
          </Stack>
        )}
        <FormError error={errorMessage(downloading.error)} />
        <Group justify="flex-end">
          <Button onClick={download} loading={busy}>
            Reisdocumenten downloaden (zip)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
