// The payment reminder to the selected orders of 'Openstaand': one confirmation (which step, to
// whom), then the orders are sent in parts with a progress bar, and the result names every order
// that was skipped (paid in the meantime) and why.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { FormFooter } from '../../../components/admin-kit/FormFooter';
import { SendOutcome } from '../../../components/admin-kit/SendOutcome';
import { errorMessage } from '../../../lib/notify';
import { remindOrders, type OpenOrder, type RemindProgress } from './api';

/** amount_sent 0-4: the payment reminder steps (log types 6-10) as the order's reminder popup names them. */
export const PAYMENT_STEP_OPTIONS = ['Verzoek', 'Eerste herinnering', 'Tweede herinnering', 'Derde herinnering', 'Annulering'].map((label, step) => ({
  value: String(step),
  label,
}));

type Result = Awaited<ReturnType<typeof remindOrders>>;

export function RemindSelectionModal({
  orders,
  onClose,
  onSent,
}: {
  orders: OpenOrder[];
  onClose: () => void;
  /** After the last part (also after a failure part-way): the lists are fetched again. */
  onSent: () => Promise<unknown>;
}) {
  const [step, setStep] = useState('0');
  const [progress, setProgress] = useState<RemindProgress | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null && result === null && error === null;
  const numberOf = (id: number) => orders.find((o) => o.id === id)?.order_number ?? String(id);

  const send = async () => {
    setError(null);
    try {
      const res = await remindOrders(
        orders.map((o) => o.id),
        Number(step),
        setProgress,
      );
      setResult(res);
    } catch (err) {
      setError(errorMessage(err) ?? 'Onbekende fout');
    } finally {
      await onSent();
    }
  };

  const percent = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title="Betalingsherinnering versturen"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Sluiten', disabled: busy }}
    >
      <Stack>
        {progress === null ? (
          <ConfirmStep orders={orders} step={step} onStep={setStep} onClose={onClose} onSend={() => void send()} />
        ) : (
          <>
            <Progress value={percent} size="lg" aria-label="Voortgang herinneringen" animated={busy} />
            <Text size="sm" role="status" aria-live="polite">
              {progress.done} van {progress.total} verwerkt
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {result && <ResultAlert result={result} numberOf={numberOf} />}
            <Group justify="flex-end">
              <Button onClick={onClose} disabled={busy} loading={busy}>
                Sluiten
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** Before sending: to whom, which step, and the button that sends it. */
function ConfirmStep({
  orders,
  step,
  onStep,
  onClose,
  onSend,
}: {
  orders: OpenOrder[];
  step: string;
  onStep: (step: string) => void;
  onClose: () => void;
  onSend: () => void;
}) {
  const label = PAYMENT_STEP_OPTIONS.find((o) => o.value === step)?.label ?? '';
  return (
    <>
      <Text>
        {orders.length === 1 ? 'De klant van 1 bestelling krijgt' : `De klanten van ${orders.length} bestellingen krijgen`} een betalingsherinnering
        met het openstaande bedrag; elke mail komt in het logboek van de bestelling. Al betaalde bestellingen worden overgeslagen.
      </Text>
      <Text size="sm" c="dimmed">
        {orders.map((o) => o.order_number).join(', ')}
      </Text>
      <Select label="Herinnering" data={PAYMENT_STEP_OPTIONS} value={step} onChange={(v) => onStep(v ?? '0')} allowDeselect={false} maw={280} />
      <FormFooter
        onCancel={onClose}
        cancelLabel="Terug"
        onSubmit={onSend}
        submitLabel={`${label} versturen naar ${orders.length === 1 ? '1 bestelling' : `${orders.length} bestellingen`}`}
      />
    </>
  );
}

function ResultAlert({ result, numberOf }: { result: Result; numberOf: (id: number) => string }) {
  return (
    <Alert color={result.skipped.length ? 'yellow' : 'green'} role="status" title="Klaar">
      <Text size="sm">
        {result.sent.length === 1 ? '1 herinnering verstuurd' : `${result.sent.length} herinneringen verstuurd`}
        {result.skipped.length ? `, ${result.skipped.length} overgeslagen` : ''}.
      </Text>
      <SendOutcome sent={result.sent} skipped={result.skipped} numberOf={numberOf} />
    </Alert>
  );
}
