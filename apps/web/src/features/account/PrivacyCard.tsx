import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { DialogModal } from '../../components/DialogModal';
import { FormFooter } from '../../components/admin-kit/FormFooter';
import { errorMessage, notifyErrorWith, notifySuccess } from '../../lib/notify';
import { useAuth } from '../auth';
import { useDeleteAccount, useExportMyData } from './api';
import { Role } from '@umrah/domain/enums';

/** The privacy statement's promises in the account: download your data, remove your account. */
export function PrivacyCard() {
  const { user } = useAuth();
  const exportData = useExportMyData();
  const [confirmOpen, setConfirmOpen] = useState(false);
  if (!user) return null;

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: (data) => {
        const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = `mijn-gegevens-${user.user_id}.json`;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      },
      onError: notifyErrorWith('Fout bij het ophalen van gegevens'),
    });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Privacy
        </Title>
        <Text size="sm">
          Download alles wat wij van je bewaren, of verwijder je account. Bestellingen en facturen bewaren wij 7 jaar voor de boekhouding, zonder je
          persoonsgegevens; paspoortgegevens en pasfoto's worden direct verwijderd.
        </Text>
        <Group>
          <Button variant="light" onClick={download} loading={exportData.isPending}>
            Mijn gegevens downloaden
          </Button>
          {user.role === Role.USER && (
            <Button variant="outline" color="red" onClick={() => setConfirmOpen(true)}>
              Account verwijderen
            </Button>
          )}
        </Group>
      </Stack>
      <DeleteAccountModal opened={confirmOpen} onClose={() => setConfirmOpen(false)} />
    </Paper>
  );
}

/** Asks for the password before the account is removed for good. */
function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [password, setPassword] = useState('');
  const remove = () =>
    deleteAccount.mutate(password, {
      onSuccess: ({ message }) => {
        onClose();
        logout();
        notifySuccess(message, { autoClose: 8000 });
        navigate('/');
      },
    });
  const error = errorMessage(deleteAccount.error, 'Een onbekende fout is opgetreden');

  return (
    <DialogModal opened={opened} onClose={onClose} title="Account verwijderen">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          remove();
        }}
      >
        <Stack>
          <Text size="sm">Dit kan niet ongedaan worden gemaakt. Voer je wachtwoord in om te bevestigen.</Text>
          <PasswordInput
            label="Wachtwoord"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            required
            maxLength={200}
          />
          <FormFooter
            error={error}
            onCancel={onClose}
            submitLabel="Account definitief verwijderen"
            submitColor="red"
            busy={deleteAccount.isPending}
          />
        </Stack>
      </form>
    </DialogModal>
  );
}
