import { PasswordInput, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import '@mantine/dates/styles.css';
import { roleLabels, Role } from '@umrah/domain/enums';
import { adminUserSchema } from '@umrah/domain/validation/index';
import { FormModal } from '../../../components/admin-kit/FormModal';
import { fieldErrors, zodValidate } from '../../../lib/form';
import { errorMessage } from '../../../lib/notify';
import { AccountFields, accountFromUser, emptyAccount, type AccountValues, type User } from '../../auth';
import { useSaveUser } from './api';

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
export function UserFormModal({ user, onClose }: { user?: User; onClose: () => void }) {
  const save = useSaveUser();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      ...(user ? accountFromUser(user) : emptyAccount()),
      password: '',
      role: String(user?.role ?? Role.USER),
    },
    validate: (values) => validateSchema(toPayload(values)),
  });

  const submit = form.onSubmit((values) =>
    save.mutate({ id: user?.user_id ?? null, body: toPayload(values) }, { onSuccess: onClose, onError: (err) => form.setErrors(fieldErrors(err)) }),
  );

  return (
    <FormModal
      title={user ? 'Gebruiker wijzigen' : 'Gebruiker toevoegen'}
      formLabel={user ? 'Gebruiker wijzigen' : 'Gebruiker toevoegen'}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      error={errorMessage(save.error)}
      busy={save.isPending}
    >
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
    </FormModal>
  );
}
