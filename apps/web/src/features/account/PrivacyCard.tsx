import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { api, apiGet, ApiError } from '../../lib/api';
import { useAuth } from '../auth/AuthProvider';

/** The privacy statement's promises in the account: download your data, remove your account. */
export function PrivacyCard() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  async function download() {
    setDownloading(true);
    try {
      const data = await apiGet<unknown>('/api/user/export');
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `mijn-gegevens-${user!.user_id}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : 'Fout bij het ophalen van gegevens' });
    } finally {
      setDownloading(false);
    }
  }

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      const { message } = await api<{ message: string }>('/api/user', { method: 'DELETE', body: { password } });
      setConfirmOpen(false);
      logout();
      notifications.show({ color: 'green', message, autoClose: 8000 });
      navigate('/');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Een onbekende fout is opgetreden');
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Privacy
        </Title>
        <Text size="sm">
          Download alles wat wij van je bewaren, of verwijder je account. Bestellingen en facturen bewaren wij 7 jaar voor de
          boekhouding, zonder je persoonsgegevens; paspoortgegevens en pasfoto's worden direct verwijderd.
        </Text>
        <Group>
          <Button variant="light" onClick={download} loading={downloading}>
            Mijn gegevens downloaden
          </Button>
          {user.role === 0 && (
            <Button variant="outline" color="red" onClick={() => setConfirmOpen(true)}>
              Account verwijderen
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={confirmOpen} onClose={() => setConfirmOpen(false)} title="Account verwijderen">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void remove();
          }}
        >
          <Stack>
            <Text size="sm">Dit kan niet ongedaan worden gemaakt. Voer je wachtwoord in om te bevestigen.</Text>
            <PasswordInput label="Wachtwoord" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" required maxLength={200} />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmOpen(false)}>
                Annuleren
              </Button>
              <Button type="submit" color="red" loading={deleting}>
                Account definitief verwijderen
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
