import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@umrah/domain/messages';
import { resetPasswordSchema } from '@umrah/domain/validation/index';
import { SubmitForm } from '../components/SubmitForm';
import { ApiError } from '../lib/api';
import { zodValidate } from '../lib/form';
import { usePageTitle } from '../lib/usePageTitle';
import { useAuthModals, useResetPassword } from '../features/auth';
import { showNotification } from '../lib/notify';

/** /reset/{id}: the id from the mailed link is the reset token (docs/RULES.md, 'Screens'). */
export default function ResetPage() {
  usePageTitle('Wachtwoord herstellen');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const modals = useAuthModals();
  const [error, setError] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { token: id, password: '', confirm_password: '' },
    validate: zodValidate(resetPasswordSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword.mutateAsync(values);
      showNotification({ color: 'green', message: 'Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.' });
      navigate('/');
      modals.open('login');
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : MSG.resetFailed);
    }
  });

  return (
    <Container size="xs" py="xl">
      <Stack>
        <Title order={1} size="h2">
          Wachtwoord herstellen
        </Title>
        <Text>Kies een nieuw wachtwoord van minimaal 8 tekens.</Text>
        <Paper withBorder p="lg" radius="md">
          <SubmitForm label="Wachtwoord herstellen" submitLabel="Wachtwoord wijzigen" onSubmit={submit} error={error} busy={form.submitting}>
            <TextInput label="Token" {...form.getInputProps('token')} />
            <PasswordInput label="Wachtwoord" autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordInput label="Bevestig wachtwoord" autoComplete="new-password" {...form.getInputProps('confirm_password')} />
          </SubmitForm>
        </Paper>
      </Stack>
    </Container>
  );
}
