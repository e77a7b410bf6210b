// The Morocco reservation form (docs/RULES.md, 'Screens: Home, Morocco offer', 'Validation: Morocco form'): the desired
// period, the personal details of the registration form and the captcha. No account is made.
import { Loader, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DESIRED_YEARS, DESIRED_YEAR_LABELS, moroccoRequestSchema } from '@umrah/domain/validation/requests';
import { SubmitForm } from '../../components/SubmitForm';
import { zodValidate } from '../../lib/form';
import { AccountFields, accountFromUser, emptyAccount, useAuth, type AccountValues } from '../auth';
import { useSendMoroccoRequest } from './api';
import { useRequestSubmit } from './useRequestSubmit';
import { SentMessage } from './SentMessage';

type MoroccoValues = AccountValues & { desired_year: string | null; altcha: string };

const YEAR_OPTIONS = DESIRED_YEARS.map((value) => ({ value, label: DESIRED_YEAR_LABELS[value] }));

export function MoroccoRequestForm({ onDone }: { onDone: () => void }) {
  const { user, loading } = useAuth();
  // The form starts from the account's details, so it waits until a logged-in user is loaded.
  if (loading) return <Loader size="sm" aria-label="Laden..." />;
  return <MoroccoForm onDone={onDone} user={user} />;
}

function MoroccoForm({ onDone, user }: { onDone: () => void; user: ReturnType<typeof useAuth>['user'] }) {
  const sendMoroccoRequest = useSendMoroccoRequest();
  const form = useForm<MoroccoValues>({
    mode: 'controlled',
    initialValues: { desired_year: null, ...(user ? accountFromUser(user) : emptyAccount()), altcha: '' },
    validate: zodValidate(moroccoRequestSchema),
  });

  const { sent, submit, error, busy, captcha } = useRequestSubmit(form, onDone, (values) => sendMoroccoRequest.mutateAsync(values));

  if (sent) return <SentMessage message={sent} />;

  return (
    <SubmitForm label="Aanvraag Umrah vanuit Marokko" submitLabel="Aanvraag versturen" onSubmit={submit} error={error} busy={busy} narrowButton>
      <Text size="sm">Laat je gegevens achter, dan nemen wij contact met je op over de reis en de prijs.</Text>
      <Select
        label="Gewenste periode"
        placeholder="Kies een periode"
        data={YEAR_OPTIONS}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('desired_year')}
      />
      <AccountFields getInputProps={form.getInputProps} />
      {captcha}
    </SubmitForm>
  );
}
