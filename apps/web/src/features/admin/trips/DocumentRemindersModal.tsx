// 'Herinnering aan alle gasten zonder documenten': one confirmation with the step to send, then the
// document reminder goes to every order of the trip whose guests have not all delivered (each mail
// logged on its order, as from the order's own reminder popup), and the result names what was skipped.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { OpenReminded } from '@umrah/domain/contracts';
import { FormError } from '../../../components/admin-kit/FormFooter';
import { SendOutcome } from '../../../components/admin-kit/SendOutcome';
import { errorMessage } from '../../../lib/notify';
import { useTripDocumentReminder, type TripOrder } from './api';

const STEPS = [
  { value: '1', label: 'Verzoek' },
  { value: '2', label: 'Eerste herinnering' },
  { value: '3', label: 'Tweede herinnering' },
  { value: '4', label: 'Annulering' },
];

export function DocumentRemindersModal({
  start,
  title,
  orders,
  onClose,
}: {
  start: string;
  title: string;
  orders: TripOrder[];
  onClose: () => void;
}) {
  const [step, setStep] = useState('1');
  const [result, setResult] = useState<OpenReminded | null>(null);
  const sending = useTripDocumentReminder({ onSuccess: (res) => setResult(res) });
  const missing = orders.filter((o) => o.rooms.some((r) => r.guests.some((g) => !g.has_documents)));
  const guests = missing.reduce((n, o) => n + o.rooms.reduce((m, r) => m + r.guests.filter((g) => !g.has_documents).length, 0), 0);
  const numberOf = (id: number) => orders.find((o) => o.id === id)?.number ?? String(id);

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Herinnering aan alle gasten zonder documenten – ${title}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      <Stack>
        {result ? (
          <Alert color={result.skipped.length ? 'yellow' : 'green'} role="status" title="Klaar">
            <Text size="sm">{result.message}</Text>
            <SendOutcome sent={result.sent} skipped={result.skipped} numberOf={numberOf} />
          </Alert>
        ) : missing.length === 0 ? (
          <Alert color="green" role="status">
            Van alle reizigers van deze reis zijn de documenten al aangeleverd.
          </Alert>
        ) : (
          <>
            <Text>
              {guests === 1 ? '1 gast' : `${guests} gasten`} in {missing.length === 1 ? '1 bestelling' : `${missing.length} bestellingen`}{' '}
              {guests === 1 ? 'heeft' : 'hebben'} nog geen documenten aangeleverd. De boekers krijgen een documentherinnering met de link naar het
              visumformulier; elke mail komt in het logboek van de bestelling.
            </Text>
            <Text size="sm" c="dimmed">
              {missing.map((o) => o.number).join(', ')}
            </Text>
            <Select label="Herinnering" data={STEPS} value={step} onChange={(v) => setStep(v ?? '1')} allowDeselect={false} maw={260} />
          </>
        )}
        <FormError error={errorMessage(sending.error)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending.isPending}>
            {result || missing.length === 0 ? 'Sluiten' : 'Terug'}
          </Button>
          {!result && missing.length > 0 && (
            <Button loading={sending.isPending} onClick={() => sending.mutate({ start, type: Number(step) })}>
              Herinnering versturen
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
