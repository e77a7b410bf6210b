import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MSG } from '@umrah/domain/messages';
import { accountSchema } from '@umrah/domain/validation/index';
import { ApiError, apiPut } from '../../lib/api';
import { fieldErrors, zodValidate } from '../../lib/form';
import { AccountFields, accountFromUser, emptyAccount, type AccountValues } from './AccountFields';
import { useAuth } from './AuthProvider';
import type { User } from './types';

export function EditAccountForm({ onSuccess }: { onSuccess?: () => void }) {
  const { user, setUser } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<AccountValues>({
    mode: 'controlled',
    initialValues: user ? accountFromUser(user) : emptyAccount(),
    validate: zodValidate(accountSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const res = await apiPut<{ message: string; user: User }>('/api/user', values);
      setUser(res.user);
      notifications.show({ color: 'green', message: res.message || MSG.userUpdated });
      onSuccess?.();
    } catch (err) {
      form.setErrors(fieldErrors(err));
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Gegevens wijzigen">
      <Stack gap="sm">
        <AccountFields getInputProps={form.getInputProps} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          Opslaan
        </Button>
      </Stack>
    </form>
  );
}
