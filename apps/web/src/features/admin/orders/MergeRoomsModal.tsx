import { useState } from 'react';
import '@mantine/dates/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { DialogModal } from '../../../components/DialogModal';
import { DatesProvider } from '@mantine/dates';
import { mergePeriodSchema } from '@umrah/domain/validation/trips';
import { FormFooter } from '../../../components/admin-kit/FormFooter';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { DutchDateInput } from '../../auth';
import { useMergeRooms } from './api';

/**
 * docs/RULES.md, 'Screens: merge-rooms dialog (needs a period)': proposes and saves the rooming list of every trip
 * that departs in the period (POST /api/admin/trips/merge), then shows the server's message.
 */
export function MergeRoomsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  /** The period's own check, before any request. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const merge = useMergeRooms({
    onSuccess: (res) => {
      notifySuccess(res.message, { autoClose: 8000 });
      onClose();
    },
  });

  const period = [
    { label: 'Van', value: start, onChange: setStart },
    { label: 'Tot en met', value: end, onChange: setEnd },
  ];

  const submit = () => {
    const parsed = mergePeriodSchema.safeParse({ start: start ?? '', end: end ?? '' });
    if (!parsed.success) {
      merge.reset();
      setInvalid(parsed.error.issues[0]?.message ?? 'Periode is verplicht!');
      return;
    }
    setInvalid(null);
    merge.mutate(parsed.data);
  };

  return (
    <DialogModal opened={opened} onClose={onClose} title="Kamers samenvoegen">
      <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>
        <Stack>
          <Text size="sm">
            Voor elke reis die in deze periode vertrekt wordt de kamerindeling voorgesteld en als nieuwe versie opgeslagen; het kantoor krijgt een
            mail. De kamernummers vul je daarna in bij Reisoverzichten.
          </Text>
          <Group grow>
            {period.map(({ label, value, onChange }) => (
              <DutchDateInput key={label} label={label} value={value} onChange={onChange} clearable />
            ))}
          </Group>
          <FormFooter
            error={invalid ?? errorMessage(merge.error)}
            onCancel={onClose}
            onSubmit={submit}
            busy={merge.isPending}
            submitLabel="Samenvoegen"
          />
        </Stack>
      </DatesProvider>
    </DialogModal>
  );
}
