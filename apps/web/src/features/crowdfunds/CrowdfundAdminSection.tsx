// 'Crowdfunding' in the admin dashboard: every goal with what is funded, the goal and
// what remains (the API's sums), add and edit goals, and close one (is_active false) after a
// confirmation, or open it again. Closed goals leave the home page and take no donations.
import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput, Title, VisuallyHidden, type TableTdProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { eurosToCents, formatEuro } from '@umrah/domain/money';
import { crowdfundInputSchema, type CrowdfundDto } from '@umrah/domain/validation/crowdfund';
import { ConfirmModal } from '../../components/admin-kit/ConfirmModal';
import { FormFooter } from '../../components/admin-kit/FormFooter';
import { DataTable, type Column } from '../../components/admin-kit/DataTable';
import { RowActions } from '../../components/admin-kit/RowActions';
import { clientErrorMessage, notifyErrorWith, notifySuccess } from '../../lib/notify';
import { adminCrowdfundsQuery, useSaveCrowdfund } from './api';

export const CROWDFUND_ADMIN_MSG = {
  created: (label: string) => `Doel '${label}' is toegevoegd.`,
  updated: (label: string) => `Doel '${label}' is opgeslagen.`,
  closed: (label: string) => `Doel '${label}' is gesloten.`,
  reopened: (label: string) => `Doel '${label}' is weer open.`,
  failed: 'Opslaan is mislukt. Probeer het opnieuw.',
} as const;

interface FormValues {
  label: string;
  description: string;
  /** euros, as typed */
  goal: number | string;
}
/** The form in euros, checked with the API's own schema in cents, so the messages are the same. */
export function validateCrowdfund(values: FormValues): Record<string, string> {
  const euros = values.goal === '' ? undefined : Number(values.goal);
  const result = crowdfundInputSchema.safeParse({
    label: values.label,
    description: values.description,
    goal_amount: euros === undefined || !Number.isFinite(euros) ? undefined : eurosToCents(euros),
  });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'goal_amount' ? 'goal' : String(issue.path[0] ?? 'label');
    errors[key] ??= issue.message;
  }
  return errors;
}
function CrowdfundFormModal({ fund, onClose, onSaved }: { fund: CrowdfundDto | 'new'; onClose: () => void; onSaved: () => void }) {
  const isNew = fund === 'new';
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: isNew
      ? { label: '', description: '', goal: '' }
      : { label: fund.label, description: fund.description, goal: fund.goal_amount / 100 },
    validate: validateCrowdfund,
  });

  const save = useSaveCrowdfund({
    onSuccess: (saved) => {
      notifySuccess(isNew ? CROWDFUND_ADMIN_MSG.created(saved.label) : CROWDFUND_ADMIN_MSG.updated(saved.label));
      onSaved();
    },
  });

  const submit = form.onSubmit((values) => {
    const body = { label: values.label.trim(), description: values.description, goal_amount: eurosToCents(Number(values.goal)) };
    save.mutate(isNew ? { id: null, body: { ...body, is_active: true } } : { id: fund.id, body });
  });

  return (
    <Modal opened onClose={onClose} title={isNew ? 'Crowdfunddoel toevoegen' : `Doel '${fund.label}' wijzigen`} centered>
      <form onSubmit={submit} noValidate aria-label="Crowdfunddoel">
        <Stack gap="sm">
          <TextInput label="Titel" withAsterisk maxLength={200} {...form.getInputProps('label')} />
          <Textarea label="Beschrijving" autosize minRows={2} maxLength={5000} {...form.getInputProps('description')} />
          <NumberInput
            label="Doelbedrag (€)"
            withAsterisk
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator="."
            allowNegative={false}
            hideControls
            {...form.getInputProps('goal')}
          />
          <FormFooter error={clientErrorMessage(save.error, CROWDFUND_ADMIN_MSG.failed)} onCancel={onClose} busy={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
const FUND_COLUMNS: Column<CrowdfundDto>[] = [
  {
    key: 'label',
    header: 'Doel',
    cell: (f) => (
      <Text size="sm" fw={600}>
        {f.label}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (f) => (
      <Badge variant="light" color={f.is_active ? 'green' : 'gray'}>
        {f.is_active ? 'Open' : 'Gesloten'}
      </Badge>
    ),
  },
  { key: 'funded', header: 'Opgehaald', th: { ta: 'right' }, td: { ta: 'right' }, cell: (f) => formatEuro(f.funded_amount) },
  { key: 'goal', header: 'Doelbedrag', th: { ta: 'right' }, td: { ta: 'right' }, cell: (f) => formatEuro(f.goal_amount) },
  {
    key: 'remaining',
    header: 'Nog nodig',
    th: { ta: 'right' },
    td: { ta: 'right', 'data-testid': 'crowdfund-remaining' } as TableTdProps,
    cell: (f) => formatEuro(f.remaining),
  },
];

/** A button text that names the goal for screen readers only ('Wijzigen: Waterput'). */
const named = (verb: string, fund: CrowdfundDto) => (
  <>
    {verb}
    <VisuallyHidden>: {fund.label}</VisuallyHidden>
  </>
);

function fundActionsColumn(on: {
  onEdit: (fund: CrowdfundDto) => void;
  onClose: (fund: CrowdfundDto) => void;
  onReopen: (fund: CrowdfundDto) => void;
  reopening: boolean;
}): Column<CrowdfundDto> {
  return {
    key: 'actions',
    header: <VisuallyHidden>Acties</VisuallyHidden>,
    cell: (f) => (
      <RowActions
        justify="flex-end"
        gap="xs"
        actions={[
          { label: named('Wijzigen', f), onClick: () => on.onEdit(f) },
          f.is_active
            ? { label: named('Sluiten', f), color: 'red', onClick: () => on.onClose(f) }
            : { label: named('Heropenen', f), loading: on.reopening, onClick: () => on.onReopen(f) },
        ]}
      />
    ),
  };
}

export function CrowdfundAdminSection() {
  const list = useQuery(adminCrowdfundsQuery);
  const [editing, setEditing] = useState<CrowdfundDto | 'new' | null>(null);
  const [closing, setClosing] = useState<CrowdfundDto | null>(null);
  const activation = useSaveCrowdfund({
    onSuccess: (fund, { body }) => {
      notifySuccess(body.is_active ? CROWDFUND_ADMIN_MSG.reopened(fund.label) : CROWDFUND_ADMIN_MSG.closed(fund.label));
      setClosing(null);
    },
    onError: notifyErrorWith(CROWDFUND_ADMIN_MSG.failed, clientErrorMessage),
  });
  const busy = activation.isPending;
  const setActive = (fund: CrowdfundDto, active: boolean) => activation.mutate({ id: fund.id, body: { is_active: active } });
  const columns = [
    ...FUND_COLUMNS,
    fundActionsColumn({ onEdit: setEditing, onClose: setClosing, onReopen: (f) => setActive(f, true), reopening: busy }),
  ];

  return (
    <Stack component="section" aria-labelledby="crowdfunding-admin-titel">
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4" id="crowdfunding-admin-titel">
          Crowdfunding
        </Title>
        <Button onClick={() => setEditing('new')}>Doel toevoegen</Button>
      </Group>
      <DataTable
        rows={list.data}
        isError={list.isError}
        skeletonRows={1}
        skeletonHeight={72}
        empty="Er zijn nog geen crowdfunddoelen."
        label="Crowdfunddoelen"
        columns={columns}
        rowKey={(f) => f.id}
        rowProps={(f) => ({ 'data-crowdfund': f.id })}
        minWidth={760}
        highlightOnHover={false}
      />
      {editing && <CrowdfundFormModal fund={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
      <ConfirmModal
        opened={closing !== null}
        onClose={() => setClosing(null)}
        title="Doel sluiten"
        centered
        // The confirm button is 'Sluiten' already: the × keeps Mantine's own (unnamed) button.
        closeLabel={null}
        confirmLabel="Sluiten"
        onConfirm={() => closing && setActive(closing, false)}
        busy={busy}
      >
        <Text>
          Weet je zeker dat je het doel '{closing?.label}' wilt sluiten? Het verdwijnt van de homepagina en neemt geen donaties meer aan. De donaties
          die al gedaan zijn blijven staan.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
