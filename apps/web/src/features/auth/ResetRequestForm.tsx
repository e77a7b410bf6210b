import { useState } from 'react';
import { Alert, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@umrah/domain/messages';
import { resetRequestSchema } from '@umrah/domain/validation/index';
import { ApiError } from '../../lib/api';
import { zodValidate } from '../../lib/form';
import { useResetRequest } from './api';
import { SubmitForm } from '../../components/SubmitForm';

export function ResetRequestForm() {
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resetRequest = useResetRequest();
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: zodValidate(resetRequestSchema) });

  const submit = form.onSubmit(async ({ email }) => {
    setError(null);
    try {
      await resetRequest.mutateAsync(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : MSG.resetRequestFailed);
    }
  });

  if (sentTo) {
    return (
      <Alert color="green" role="status" title="Mail is verzonden!">
        We hebben een mail gestuurd naar {sentTo} met een link om een nieuw wachtwoord in te stellen. De link is 60 minuten geldig.
      </Alert>
    );
  }
  return (
    <SubmitForm label="Wachtwoord vergeten" submitLabel="Verstuur herstellink" onSubmit={submit} error={error} busy={form.submitting}>
      <Text size="sm">Vul je emailadres in. Je ontvangt een mail met een link om een nieuw wachtwoord in te stellen.</Text>
      <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
    </SubmitForm>
  );
}
