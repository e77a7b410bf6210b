// 'Herinneringen' of an admin order (docs/RULES.md, 'Screens', 'Entities'): the document reminders (request, first, second,
// cancel) or the payment reminders (request, first, second, third, cancel), which of them were sent
// (from the order log: when and by whom, the scheduler as 'systeem'), and a button per step; the
// next step is the highlighted one.
import { Alert, Badge, Button, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateTime } from '@umrah/domain/dates';
import { formatEuro } from '@umrah/domain/money';
import { CloseFooter, FormError } from '../../../components/admin-kit/FormFooter';
import { LoadError } from '../../../components/Feedback';
import { TableHead } from '../../../components/TableHead';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { remindersQuery, useSendReminder, type AdminOrder, type ReminderKindName, type ReminderStep } from './api';
import { LogType } from '@umrah/domain/enums';

export type { ReminderKindName } from './api';

const TITLE: Record<ReminderKindName, string> = { payments: 'Betalingsherinneringen', documents: 'Documentherinneringen' };

const dateTime = formatDateTime;

export function ReminderModal({
  order,
  kind,
  onClose,
  onDone,
}: {
  order: Pick<AdminOrder, 'id' | 'order_number' | 'user'>;
  kind: ReminderKindName;
  onClose: () => void;
  onDone?: () => Promise<unknown>;
}) {
  const reminders = useQuery(remindersQuery(order.id));
  const data = reminders.data;
  const sending = useSendReminder({
    onSuccess: async (res, { step }) => {
      notifySuccess(`${res.message} ${step.label} ging naar ${data?.email ?? order.user.email}.`);
      await onDone?.();
    },
  });
  /** The step being sent, whose button spins while the others wait. */
  const busy = sending.isPending ? sending.variables.step.type : null;
  const info = data?.[kind];
  const logs = logsOf(kind, data?.logs ?? []);

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${TITLE[kind]} – ${order.order_number}`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Sluiten' }}
    >
      {reminders.isError ? (
        <LoadError />
      ) : !data || !info ? (
        <Stack gap="xs" aria-label="Herinneringen laden">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            Naar {data.email}. {reminderSummary(kind, data)}
          </Text>
          {!info.allowed && info.reason && (
            <Alert color="yellow" role="status">
              {info.reason}
            </Alert>
          )}
          <Table aria-label={`Stappen ${TITLE[kind].toLowerCase()}`} verticalSpacing={6} fz="sm">
            <TableHead columns={['Stap', 'Verstuurd', null]} />
            <Table.Tbody>
              {info.steps.map((step) => (
                <StepRow
                  key={step.type}
                  step={step}
                  next={step.type === info.next}
                  allowed={info.allowed}
                  busy={busy}
                  onSend={() => sending.mutate({ orderId: order.id, kind, step })}
                />
              ))}
            </Table.Tbody>
          </Table>
          <FormError error={errorMessage(sending.error)} />
          <ReminderLog logs={logs} />
          <CloseFooter onClose={onClose} />
        </Stack>
      )}
    </Modal>
  );
}

/** The log rows of this kind only: types 1-4 documents, 6-10 payments. */
function logsOf<L extends { type: number }>(kind: ReminderKindName, logs: L[]) {
  return logs.filter((l) =>
    kind === 'documents'
      ? l.type >= LogType.DOCUMENT_REQUEST && l.type <= LogType.DOCUMENT_CANCEL
      : l.type >= LogType.PAYMENT_REQUEST && l.type <= LogType.PAYMENT_CANCEL,
  );
}

/** What is open (payments) or missing (documents), after the address the reminders go to. */
function reminderSummary(
  kind: ReminderKindName,
  data: { payments: { amount_open: number; deadline?: string | null }; documents: { missing_guests: string[] } },
) {
  if (kind === 'payments') {
    return `Open: ${formatEuro(data.payments.amount_open)}${data.payments.deadline ? `, betaaltermijn ${formatDate(data.payments.deadline)}` : ''}.`;
  }
  return data.documents.missing_guests.length > 0
    ? `Nog geen documenten van: ${data.documents.missing_guests.join(', ')}.`
    : 'Alle documenten zijn aangeleverd.';
}

/** A step of the reminders: the next one stands out; only one is sent at a time (`busy`: its type). */
function StepRow({
  step,
  next,
  allowed,
  busy,
  onSend,
}: {
  step: ReminderStep;
  next: boolean;
  allowed: boolean;
  busy: number | null;
  onSend: () => void;
}) {
  return (
    <Table.Tr data-reminder-step={step.type}>
      <Table.Td fw={next ? 600 : undefined}>{step.label}</Table.Td>
      <Table.Td>
        <SentState step={step} />
      </Table.Td>
      <Table.Td ta="right">
        <Button
          size="compact-sm"
          variant={next ? 'filled' : 'light'}
          disabled={!allowed || (busy !== null && busy !== step.type)}
          loading={busy === step.type}
          onClick={onSend}
          aria-label={`${step.label} versturen`}
        >
          {step.sent_count > 0 ? 'Opnieuw versturen' : 'Versturen'}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** When a step went out last and by whom, or 'Nog niet'. */
function SentState({ step }: { step: ReminderStep }) {
  return step.sent_count > 0 ? (
    <Stack gap={0}>
      <Badge color="green" variant="light" tt="none">
        {step.sent_count === 1 ? 'Verstuurd' : `${step.sent_count}× verstuurd`}
      </Badge>
      <Text size="xs" c="dimmed">
        {step.last_sent_at ? dateTime(step.last_sent_at) : ''} door {step.last_sent_by ?? 'onbekend'}
      </Text>
    </Stack>
  ) : (
    <Text size="sm" c="dimmed">
      Nog niet
    </Text>
  );
}

type ReminderLogEntry = { id: number; type: number; created_at: string; user_executed_mail: string | null; message: string };

function ReminderLog({ logs }: { logs: ReminderLogEntry[] }) {
  return (
    <Stack gap={4} component="section" aria-label="Logboek herinneringen">
      <Text fw={600} size="sm">
        Logboek
      </Text>
      {logs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nog geen herinneringen verstuurd.
        </Text>
      ) : (
        logs.map((l) => (
          <Text key={l.id} size="sm" data-reminder-log={l.type}>
            <Text span c="dimmed" size="xs">
              {dateTime(l.created_at)} · {l.user_executed_mail ?? 'onbekend'}
            </Text>
            <br />
            {l.message}
          </Text>
        ))
      )}
    </Stack>
  );
}
