// The end of a trip list's download dialog (API-lijst, Contactlijst): the last try's error, then one
// button per file format; the running download spins and the other buttons wait for it.
import { Button, Group, type ButtonProps } from '@mantine/core';
import { FormError } from '../../../components/admin-kit/FormFooter';
import { errorMessage } from '../../../lib/notify';
import { useTripDownload, type TripDownload, type TripFileName } from './api';

interface TripDownloadChoice {
  file: TripFileName;
  label: string;
  variant?: ButtonProps['variant'];
}

export function TripDownloadButtons({
  start,
  choices,
  fallbackName,
  query,
}: {
  start: string;
  choices: TripDownloadChoice[];
  /** The file's name when the server sends none, by the chosen file. */
  fallbackName: (file: TripFileName) => string;
  query?: TripDownload['query'];
}) {
  const downloading = useTripDownload();
  const busy = downloading.isPending ? downloading.variables.file : null;
  return (
    <>
      <FormError error={errorMessage(downloading.error)} />
      <Group justify="flex-end">
        {choices.map((c) => (
          <Button
            key={c.file}
            variant={c.variant}
            loading={busy === c.file}
            disabled={busy !== null}
            onClick={() => downloading.mutate({ start, file: c.file, fallbackName: fallbackName(c.file), query })}
          >
            {c.label}
          </Button>
        ))}
      </Group>
    </>
  );
}
