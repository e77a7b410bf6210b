import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@umrah/domain/messages';
import { loginSchema } from '@umrah/domain/validation/index';
import { ApiError } from '../../lib/api';
import { FormError } from '../../components/admin-kit/FormFooter';
import { zodValidate } from '../../lib/form';
import { Altcha } from './Altcha';
import { useAuth } from './AuthProvider';
import { useAuthModals } from './authModals';

/** The spec's login messages: a rejected combination, or anything else as an unknown error. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 400) return MSG.loginFailed;
    if (err.status === 429) return err.message;
  }
  return MSG.unknownLoginError;
}

/** After a few failed attempts for an account from this address the server asks for the captcha too. */
export const asksForCaptcha = (err: unknown) => err instanceof ApiError && (err.details ?? []).some((d) => d.path === 'altcha');

/**
 * `silentFailure`: a wrong email/password shows nothing (docs/RULES.md, 'Messages': the checkout's login ignores a
 * login failure silently); other failures (too many attempts, the captcha asked for) still show.
 */
export function LoginForm({ onSuccess, silentFailure = false }: { onSuccess?: () => void; silentFailure?: boolean }) {
  const { login } = useAuth();
  const modals = useAuthModals();
  const [error, setError] = useState<string | null>(null);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  // A solved captcha is accepted once: a new widget after every attempt.
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', altcha: '' },
    validate: zodValidate(loginSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (needsCaptcha && !values.altcha) {
      form.setFieldError('altcha', MSG.robot);
      return;
    }
    try {
      await login(values.email.trim(), values.password, values.altcha || undefined);
      onSuccess?.();
    } catch (err) {
      if (asksForCaptcha(err)) setNeedsCaptcha(true);
      const message = loginErrorMessage(err);
      setError(silentFailure && message === MSG.loginFailed ? null : message);
    } finally {
      form.setFieldValue('altcha', '');
      setCaptchaKey((k) => k + 1);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Inloggen">
      <Stack gap="sm">
        <FormError error={error} />
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput label="Wachtwoord" autoComplete="current-password" {...form.getInputProps('password')} />
        {needsCaptcha && (
          <Altcha
            key={captchaKey}
            onChange={(payload) => form.setFieldValue('altcha', payload)}
            error={typeof form.errors.altcha === 'string' ? form.errors.altcha : null}
          />
        )}
        <Group justify="space-between" align="center">
          <Anchor component="button" type="button" size="sm" onClick={() => modals.open('reset')}>
            Wachtwoord vergeten?
          </Anchor>
          <Button type="submit" loading={form.submitting}>
            Inloggen
          </Button>
        </Group>
        <Text size="sm">
          Nog geen account?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => modals.open('register')}>
            Account aanmaken
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
