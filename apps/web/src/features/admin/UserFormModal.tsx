import { useState } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import '@mantine/dates/styles.css';
import { roleLabels, Role } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { adminUserSchema } from '@umrah/domain/validation/index';
import { ApiError } from '../../lib/api';
import { fieldErrors, zodValidate } from '../../lib/form';
import { AccountFields, accountFromUser, emptyAccount, type AccountValues } from '../auth/AccountFields';
import type { User } from '../auth/types';
import { createUser, updateUser } from './adminApi';

type Values = AccountValues & { password: string; role: string };

/** What the API takes: an empty password means 'leave unchanged' (edit) or 'none yet' (create). */
const toPayload = (v: Values) => ({
  ...v,
  password: v.password === '' ? undefined : v.password,
  role: Number(v.role),
});

const validateSchema = zodValidate(adminUserSchema);
const ROLE_OPTIONS = Object.entries(roleLabels).map(([value, label]) => ({ value, label }));

/** Add (user undefined) or edit a user, as admin. */
export function UserFormModal({ user, onClose, onSaved }: { user?: User; onClose: () => void; onSaved: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      ...(user ? accountFromUser(user) : emptyAccount()),
      password: '',
      role: String(user?.role ?? Role.USER),
    },
    validate: (values) => validateSchema(toPayload(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const res = user ? await updateUser(user.user_id, toPayload(values)) : await createUser(toPayload(values));
      notifications.show({ color: 'green', message: res.message });
      onSaved();
      onClose();
    } catch (err) {
      form.setErrors(fieldErrors(err));
      setError(err instanceof ApiError ? err.message : MSG.unknownError);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={user ? 'Gebruiker wijzigen' : 'Gebruiker toevoegen'} size="lg" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
      <form onSubmit={submit} noValidate aria-label={user ? 'Gebruiker wijzigen' : 'Gebruiker toevoegen'}>
        <Stack gap="sm">
          <AccountFields getInputProps={form.getInputProps} />
          <PasswordInput
            label="Wachtwoord"
            description={
              user
                ? 'Laat leeg om het wachtwoord niet te wijzigen.'
                : 'Mag leeg blijven: de gebruiker kiest dan zelf een wachtwoord via Wachtwoord vergeten.'
            }
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Select label="Rol" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuleren
            </Button>
            <Button type="submit" loading={busy}>
              Opslaan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
