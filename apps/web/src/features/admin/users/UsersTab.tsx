// Admin 'Gebruikers': search by email, last name, phone number or zip, the paged user list with
// change, 'log in as', 'log out everywhere' and delete, and the add/change modal.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { roleLabels } from '@umrah/domain/enums';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { useAuth } from '../../auth/AuthProvider';
import { fullName, type User } from '../../auth/types';
import { useDeleteUser, useLoginAs, useLogoutEverywhere, usersQuery, USERS_PAGE_SIZE } from './api';
import { UserFormModal } from './UserFormModal';

const ROLE_COLOR: Record<number, string> = { 1: 'red', 2: 'grape' };

export default function UsersTab() {
  const navigate = useNavigate();
  const { user: me, loginWithToken } = useAuth();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const list = usePagedSearch({ query: usersQuery, rows: (d) => d.users, total: (d) => d.total, pageSize: USERS_PAGE_SIZE });
  const remove = useDeleteUser();
  const logoutAll = useLogoutEverywhere();
  const loginAs = useLoginAs(loginWithToken);

  const columns: Column<User>[] = [
    { key: 'name', header: 'Naam', cell: fullName },
    { key: 'email', header: 'Email', cell: (u) => u.email },
    { key: 'phone', header: 'Telefoonnummer', cell: (u) => u.phone_number },
    { key: 'zip', header: 'Postcode', cell: (u) => u.zip },
    {
      key: 'role',
      header: 'Rol',
      cell: (u) => (
        <Badge variant="light" color={ROLE_COLOR[u.role] ?? 'gray'}>
          {roleLabels[u.role]}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Acties',
      cell: (u) => (
        <Group gap={6} wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(u)}>
            Wijzigen
          </Button>
          <Button
            size="xs"
            variant="light"
            color="grape"
            disabled={u.user_id === me?.user_id}
            // Stays spinning after success: the page changes to /account.
            loading={!loginAs.isError && loginAs.variables?.user_id === u.user_id}
            onClick={() => loginAs.mutate(u, { onSuccess: () => navigate('/account') })}
          >
            Inloggen als
          </Button>
          <Button
            size="xs"
            variant="light"
            color="gray"
            loading={logoutAll.isPending && logoutAll.variables === u.user_id}
            onClick={() => logoutAll.mutate(u.user_id)}
            aria-label={`${u.email} overal uitloggen`}
          >
            Overal uitloggen
          </Button>
          <Button size="xs" variant="light" color="red" disabled={u.user_id === me?.user_id} onClick={() => setDeleting(u)}>
            Verwijderen
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Gebruikers
        </Title>
        <Button onClick={() => setEditing('new')}>Gebruiker toevoegen</Button>
      </Group>
      <DataTable
        {...list.table}
        searchBox={{ label: 'Zoeken', placeholder: 'Email, achternaam, telefoonnummer of postcode' }}
        label="Gebruikers"
        columns={columns}
        rowKey={(u) => u.user_id}
        minWidth={820}
        loadingLabel="Gebruikers laden"
        skeletonRows={6}
        empty="Geen gebruikers gevonden."
        count={(total) => `${total} ${total === 1 ? 'gebruiker' : 'gebruikers'}`}
        paginationLabel="Pagina's"
      />

      {editing && <UserFormModal user={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Gebruiker verwijderen"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.user_id, { onSuccess: () => setDeleting(null) })}
      >
        <Alert color="red" variant="light">
          Weet je zeker dat je {deleting?.email} wilt verwijderen? Dit kan niet ongedaan worden gemaakt.
        </Alert>
      </ConfirmModal>
    </Stack>
  );
}
