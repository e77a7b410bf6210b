import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@umrah/domain/messages';
import { resetRequestSchema } from '@umrah/domain/validation/index';
import { ApiError, apiPost } from '../../lib/api';
import { zodValidate } from '../../lib/form';

export function ResetRequestForm() {
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: zodValidate(resetRequestSchema) });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    setBusy(true);
    try {
      await apiPost('/api/reset_pw_request', { email: email.trim() }, { auth: false });
      setSentTo(email.trim());
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : MSG.resetRequestFailed);
    } finally {
      setBusy(false);
    }
  });

  if (sentTo) {
    return (
      <Alert color="green" role="status" title="Mail is verzonden!">
        We hebben een mail gestuurd naar {sentTo} met een link om een nieuw wachtwoord in te stellen. De link is 60
        minuten geldig.
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Wachtwoord vergeten">
      <Stack gap="sm">
        <Text size="sm">Vul je emailadres in. Je ontvangt een mail met een link om een nieuw wachtwoord in te stellen.</Text>
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          Verstuur herstellink
        </Button>
      </Stack>
    </form>
  );
}
