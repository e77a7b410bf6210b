import { Anchor, PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@umrah/domain/messages';
import { registerSchema } from '@umrah/domain/validation/index';
import { ApiError } from '../../lib/api';
import { zodValidate } from '../../lib/form';
import { AccountFields, emptyAccount, type AccountValues } from './AccountFields';
import { clearStoredToken, useRegister } from './api';
import { SubmitForm } from '../../components/SubmitForm';
import { useAuth } from './AuthProvider';
import { useAuthModals } from './authModals';
import { useCaptchaForm } from './useCaptchaForm';
import { showNotification } from '../../lib/notify';

type RegisterValues = AccountValues & { password: string; altcha: string };

/** docs/RULES.md, 'Messages': 'Unprocessable' (422) means the address is taken; anything else is an unknown failure. */
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
  const register = useRegister();
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: { ...emptyAccount(), password: '', altcha: '' },
    validate: zodValidate(registerSchema),
  });
  const { submit, error, busy, captcha } = useCaptchaForm(form, {
    send: (values) => register.mutateAsync(values),
    onSent: async (res) => {
      if (res.token) await loginWithToken(res.token);
      showNotification({ color: 'green', message: MSG.accountCreated });
      onSuccess?.();
    },
    onFailed: clearStoredToken,
    errorMessage: registerErrorMessage,
  });

  return (
    <SubmitForm
      label="Account aanmaken"
      onSubmit={submit}
      error={error}
      busy={busy}
      footer={
        <Text size="sm">
          Heb je al een account?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => modals.open('login')}>
            Inloggen
          </Anchor>
        </Text>
      }
    >
      <AccountFields getInputProps={form.getInputProps} />
      <PasswordInput label="Wachtwoord" autoComplete="new-password" {...form.getInputProps('password')} />
      {captcha}
    </SubmitForm>
  );
}
