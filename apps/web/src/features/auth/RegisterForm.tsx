import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MSG } from '@umrah/domain/messages';
import { registerSchema } from '@umrah/domain/validation/index';
import { ApiError, apiPost, getToken, setToken } from '../../lib/api';
import { fieldErrors, zodValidate } from '../../lib/form';
import { AccountFields, emptyAccount, type AccountValues } from './AccountFields';
import { Altcha } from './Altcha';
import { useAuth } from './AuthProvider';
import { useAuthModals } from './AuthModalsProvider';

type RegisterValues = AccountValues & { password: string; altcha: string };

/** SPEC 8: 'Unprocessable' (422) means the address is taken; anything else is an unknown failure. */
export function registerErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 422 || err.error?.includes('Unprocessable') || err.message.includes('Unprocessable')) return MSG.emailTaken;
    if (err.message === MSG.robot || err.status === 429) return err.message;
  }
  return MSG.registerFailed;
}

export function RegisterForm({ onSuccess }: { onSuccess?: () => void }) {
  const { loginWithToken } = useAuth();
  const modals = useAuthModals();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A solved captcha is accepted once: after a failed attempt a fresh widget is needed.
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: { ...emptyAccount(), password: '', altcha: '' },
    validate: zodValidate(registerSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const res = await apiPost<{ status: string; token: string | null; message: string }>(
        '/api/register',
        { ...values, login_user: true },
        { auth: false },
      );
      if (res.token) await loginWithToken(res.token);
      notifications.show({ color: 'green', message: MSG.accountCreated });
      onSuccess?.();
    } catch (err) {
      // SPEC 8: a failed registration clears the stored token.
      if (getToken()) setToken(null);
      form.setErrors(fieldErrors(err));
      setError(registerErrorMessage(err));
      form.setFieldValue('altcha', '');
      setCaptchaKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Account aanmaken">
      <Stack gap="sm">
        <AccountFields getInputProps={form.getInputProps} />
        <PasswordInput label="Wachtwoord" autoComplete="new-password" {...form.getInputProps('password')} />
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
        <Button type="submit" loading={busy}>
          Account aanmaken
        </Button>
        <Text size="sm">
          Heb je al een account?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => modals.open('login')}>
            Inloggen
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
