// Admin 'Gebruikers': search by email, last name, phone number or zip, the paged user list with
// change, 'log in as', 'log out everywhere' and delete, and the add/change modal.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button } from '@mantine/core';
import { Role, roleLabels } from '@umrah/domain/enums';
import { AdminTab } from '../../../components/admin-kit/AdminTab';
import { ConfirmModal } from '../../../components/admin-kit/ConfirmModal';
import { useConfirm } from '../../../components/admin-kit/useConfirm';
import { DataTable, type Column } from '../../../components/admin-kit/DataTable';
import { actionsColumn } from '../../../components/admin-kit/RowActions';
import { usePagedSearch } from '../../../components/admin-kit/usePagedSearch';
import { fullName, useAuth, type User } from '../../auth';
import { useDeleteUser, useLoginAs, useLogoutEverywhere, usersQuery, USERS_PAGE_SIZE } from './api';
import { UserFormModal } from './UserFormModal';

const ROLE_COLOR: Record<number, string> = { 1: 'red', 2: 'grape' };

export default function UsersTab() {
  const navigate = useNavigate();
  const { user: me, loginWithToken } = useAuth();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const list = usePagedSearch({ query: usersQuery, rows: (d) => d.users, total: (d) => d.total, pageSize: USERS_PAGE_SIZE });
  const confirmDelete = useConfirm(useDeleteUser(), (u: User) => u.user_id);
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
    actionsColumn(
      (u) => [
        { label: 'Wijzigen', onClick: () => setEditing(u) },
        {
          label: 'Inloggen als',
          color: 'grape',
          disabled: u.user_id === me?.user_id,
          // Only customers: the API refuses a session as an admin or the bookkeeper (docs/records.md).
          hidden: u.role !== Role.USER,
          // Stays spinning after success: the page changes to /account.
          loading: !loginAs.isError && loginAs.variables?.user_id === u.user_id,
          onClick: () => loginAs.mutate(u, { onSuccess: () => navigate('/account') }),
        },
        {
          label: 'Overal uitloggen',
          color: 'gray',
          loading: logoutAll.isPending && logoutAll.variables === u.user_id,
          onClick: () => logoutAll.mutate(u.user_id),
          ariaLabel: `${u.email} overal uitloggen`,
        },
        { label: 'Verwijderen', color: 'red', disabled: u.user_id === me?.user_id, onClick: () => confirmDelete.ask(u) },
      ],
      { header: 'Acties' },
    ),
  ];

  return (
    <AdminTab title="Gebruikers" action={<Button onClick={() => setEditing('new')}>Gebruiker toevoegen</Button>}>
      <DataTable
        {...list.table}
        searchBox={{ placeholder: 'Email, achternaam, telefoonnummer of postcode' }}
        label="Gebruikers"
        columns={columns}
        rowKey={(u) => u.user_id}
        minWidth={820}
        skeletonRows={6}
        empty="Geen gebruikers gevonden."
        count={['gebruiker', 'gebruikers']}
      />

      {editing && <UserFormModal user={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmModal {...confirmDelete.modal} title="Gebruiker verwijderen">
        <Alert color="red" variant="light">
          Weet je zeker dat je {confirmDelete.target?.email} wilt verwijderen? Dit kan niet ongedaan worden gemaakt.
        </Alert>
      </ConfirmModal>
    </AdminTab>
  );
}
