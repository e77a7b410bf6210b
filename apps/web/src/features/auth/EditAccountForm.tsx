import { useState } from 'react';
import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG } from '@umrah/domain/messages';
import { accountSchema } from '@umrah/domain/validation/index';
import { ApiError } from '../../lib/api';
import { fieldErrors, zodValidate } from '../../lib/form';
import { useTextField } from '../../lib/useTextField';
import { AccountFields, accountFromUser, emptyAccount, type AccountValues } from './AccountFields';
import { useAuth } from './AuthProvider';
import { useUpdateAccount } from './api';
import { SubmitForm } from '../../components/SubmitForm';
import { showNotification } from '../../lib/notify';

const EMAIL_NEEDS_PASSWORD = 'Voer je huidige wachtwoord in om je e-mailadres te wijzigen.';

export function EditAccountForm({ onSuccess }: { onSuccess?: () => void }) {
  const { user, setUser } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const updateAccount = useUpdateAccount();
  // A new email needs the current password (the API refuses it otherwise).
  const currentPassword = useTextField();
  const form = useForm<AccountValues>({
    mode: 'controlled',
    initialValues: user ? accountFromUser(user) : emptyAccount(),
    validate: zodValidate(accountSchema),
  });

  const emailChanged = !!user && form.values.email.trim().toLowerCase() !== user.email.trim().toLowerCase();

  const submit = form.onSubmit(async (values) => {
    setError(null);
    currentPassword.setError(null);
    if (emailChanged && currentPassword.value === '') return currentPassword.setError(EMAIL_NEEDS_PASSWORD);
    try {
      const body = emailChanged ? { ...values, current_password: currentPassword.value } : values;
      const res = await updateAccount.mutateAsync(body);
      currentPassword.setValue('');
      setUser(res.user);
      showNotification({ color: 'green', message: res.message || MSG.userUpdated });
      onSuccess?.();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors.current_password) currentPassword.setError(errors.current_password);
      form.setErrors(errors);
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    }
  });

  return (
    <SubmitForm label="Gegevens wijzigen" submitLabel="Opslaan" onSubmit={submit} error={error} busy={form.submitting}>
      <AccountFields getInputProps={form.getInputProps} />
      {emailChanged && (
        <PasswordInput
          label="Huidig wachtwoord"
          description="Nodig om je e-mailadres te wijzigen."
          autoComplete="current-password"
          {...currentPassword.inputProps}
        />
      )}
    </SubmitForm>
  );
}
