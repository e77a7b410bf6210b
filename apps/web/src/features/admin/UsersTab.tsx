import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Group, Modal, Pagination, ScrollArea, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleLabels } from '@umrah/domain/enums';
import { MSG } from '@umrah/domain/messages';
import { EmptyState, LoadError } from '../../components/Feedback';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth/AuthProvider';
import { fullName, type User } from '../auth/types';
import { adminKeys, deleteUser, fetchUsers, loginByMail, logoutUserEverywhere, USERS_PAGE_SIZE } from './adminApi';
import { UserFormModal } from './UserFormModal';

export default function UsersTab() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user: me, loginWithToken } = useAuth();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const users = useQuery({
    queryKey: [...adminKeys.users, q, page],
    queryFn: ({ signal }) => fetchUsers(q, page, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.users });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / USERS_PAGE_SIZE)) : 1;

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(`delete-${deleting.user_id}`);
    try {
      const res = await deleteUser(deleting.user_id);
      notifications.show({ color: 'green', message: res.message });
      setDeleting(null);
      await refresh();
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : MSG.unknownError });
    } finally {
      setBusy(null);
    }
  };

  // Ends every session of the user (a lost phone, a shared computer): their tokens stop working at once.
  const logoutEverywhere = async (u: User) => {
    setBusy(`logout-${u.user_id}`);
    try {
      const res = await logoutUserEverywhere(u.user_id);
      notifications.show({ color: 'green', message: res.message });
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : MSG.unknownError });
    } finally {
      setBusy(null);
    }
  };

  const loginAs = async (u: User) => {
    setBusy(`login-${u.user_id}`);
    try {
      const { token } = await loginByMail(u.email);
      await loginWithToken(token);
      notifications.show({ color: 'green', message: `Je bent nu ingelogd als ${u.email}.` });
      navigate('/account');
    } catch (err) {
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : MSG.unknownError });
      setBusy(null);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Gebruikers
        </Title>
        <Button onClick={() => setEditing('new')}>Gebruiker toevoegen</Button>
      </Group>
      <TextInput
        label="Zoeken"
        placeholder="Email, achternaam, telefoonnummer of postcode"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />

      {users.isError ? (
        <LoadError />
      ) : users.isPending ? (
        <Stack gap="xs" aria-label="Gebruikers laden">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : users.data.users.length === 0 ? (
        <EmptyState>Geen gebruikers gevonden.</EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {users.data.total} {users.data.total === 1 ? 'gebruiker' : 'gebruikers'}
          </Text>
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={820} aria-label="Gebruikers" style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Naam</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Telefoonnummer</Table.Th>
                  <Table.Th>Postcode</Table.Th>
                  <Table.Th>Rol</Table.Th>
                  <Table.Th>Acties</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.users.map((u) => (
                  <Table.Tr key={u.user_id}>
                    <Table.Td>{fullName(u)}</Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.phone_number}</Table.Td>
                    <Table.Td>{u.zip}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={u.role === 1 ? 'red' : u.role === 2 ? 'grape' : 'gray'}>
                        {roleLabels[u.role]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing(u)}>
                          Wijzigen
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="grape"
                          disabled={u.user_id === me?.user_id}
                          loading={busy === `login-${u.user_id}`}
                          onClick={() => loginAs(u)}
                        >
                          Inloggen als
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="gray"
                          loading={busy === `logout-${u.user_id}`}
                          onClick={() => logoutEverywhere(u)}
                          aria-label={`${u.email} overal uitloggen`}
                        >
                          Overal uitloggen
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          disabled={u.user_id === me?.user_id}
                          onClick={() => setDeleting(u)}
                        >
                          Verwijderen
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pagina's" />}
        </>
      )}

      {editing && (
        <UserFormModal user={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onSaved={refresh} />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Gebruiker verwijderen" closeButtonProps={{ 'aria-label': 'Sluiten' }}>
        <Stack>
          <Alert color="red" variant="light">
            Weet je zeker dat je {deleting?.email} wilt verwijderen? Dit kan niet ongedaan worden gemaakt.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Annuleren
            </Button>
            <Button color="red" loading={busy?.startsWith('delete-')} onClick={confirmDelete}>
              Verwijderen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
