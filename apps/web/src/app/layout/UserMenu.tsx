import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { Role } from '@umrah/domain/enums';
import { fullName, useAuth } from '../../features/auth';
import { UserIcon } from '../../components/icons';
import classes from './Header.module.css';

/** The logged-in user's name with a popover: Account, Admin (admins and the bookkeeper), Uitloggen. */
export default function UserMenu() {
  const { user, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  if (!user) return null;
  const go = (to: string) => {
    setOpened(false);
    navigate(to);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton
          className={classes.userButton}
          onClick={() => setOpened((o) => !o)}
          aria-haspopup="menu"
          aria-expanded={opened}
          // The name is the button's name also on phones, where only the icon shows.
          aria-label={fullName(user)}
        >
          <UserIcon />
          <Text span className={classes.userName}>
            {fullName(user)}
          </Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <Stack gap={2} role="menu" aria-label="Accountmenu">
          <Button variant="subtle" justify="start" role="menuitem" onClick={() => go('/account')}>
            Account
          </Button>
          {/* The bookkeeper has read-only admin tabs (docs/RULES.md, 'Roles'). */}
          {(isAdmin || user.role === Role.BOOKKEEPER) && (
            <Button variant="subtle" justify="start" role="menuitem" onClick={() => go('/admin')}>
              Admin
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            justify="start"
            role="menuitem"
            onClick={() => {
              setOpened(false);
              logout();
              navigate('/');
            }}
          >
            Uitloggen
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
