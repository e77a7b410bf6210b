// The Morocco reservation form (SPEC 2 'Home, Morocco offer', SPEC 5 'Morocco form'): the desired
// period, the personal details of the registration form and the captcha. No account is made.
import { useState } from 'react';
import { Alert, Button, Loader, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DESIRED_YEARS, DESIRED_YEAR_LABELS, moroccoRequestSchema } from '@umrah/domain/validation/requests';
import { fieldErrors, zodValidate } from '../../lib/form';
import { AccountFields, accountFromUser, emptyAccount, type AccountValues } from '../auth/AccountFields';
import { Altcha } from '../auth/Altcha';
import { useAuth } from '../auth/AuthProvider';
import { requestErrorMessage, sendMoroccoRequest, useSentMessage } from './api';

type MoroccoValues = AccountValues & { desired_year: string | null; altcha: string };

const YEAR_OPTIONS = DESIRED_YEARS.map((value) => ({ value, label: DESIRED_YEAR_LABELS[value] }));

export function MoroccoRequestForm({ onDone }: { onDone: () => void }) {
  const { user, loading } = useAuth();
  // The form starts from the account's details, so it waits until a logged-in user is loaded.
  if (loading) return <Loader size="sm" aria-label="Laden..." />;
  return <MoroccoForm onDone={onDone} user={user} />;
}

function MoroccoForm({ onDone, user }: { onDone: () => void; user: ReturnType<typeof useAuth>['user'] }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useSentMessage(onDone);
  // A solved captcha is accepted once: every attempt gets a fresh widget.
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm<MoroccoValues>({
    mode: 'controlled',
    initialValues: { desired_year: null, ...(user ? accountFromUser(user) : emptyAccount()), altcha: '' },
    validate: zodValidate(moroccoRequestSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const res = await sendMoroccoRequest(values);
      setSent(res.message);
    } catch (err) {
      form.setErrors(fieldErrors(err));
      setError(requestErrorMessage(err));
    } finally {
      form.setFieldValue('altcha', '');
      setCaptchaKey((k) => k + 1);
      setBusy(false);
    }
  });

  if (sent)
    return (
      <Alert color="green" role="status" title="Aanvraag verzonden">
        {sent}
      </Alert>
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Aanvraag Umrah vanuit Marokko">
      <Stack gap="sm">
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
        <Altcha
          key={captchaKey}
          onChange={(payload) => form.setFieldValue('altcha', payload)}
          error={typeof form.errors.altcha === 'string' ? form.errors.altcha : null}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} w="fit-content">
          Aanvraag versturen
        </Button>
      </Stack>
    </form>
  );
}
