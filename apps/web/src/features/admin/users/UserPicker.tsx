// 'Gebruiker': the searchable user picker of the admin cart and the quote form. The search goes to
// the server (by email, name, phone, zip) 250 ms after the last keystroke; the chosen user stays an
// option whatever the search shows, since the Select needs it in its data.
import { useState, type ReactNode } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { userPickerQuery } from './api';

export interface PickedUser {
  /** The user id, as a string. */
  value: string;
  label: string;
}

export const userLabel = (u: { email: string; first_name: string; last_name: string }) => `${u.email} (${u.first_name} ${u.last_name})`;

export function UserPicker({ value, onChange, error }: { value: PickedUser | null; onChange: (user: PickedUser | null) => void; error?: ReactNode }) {
  const [search, setSearch] = useState('');
  // Once a user is chosen the box shows its label: that is no search for other users.
  const [q] = useDebouncedValue(value && search === value.label ? '' : search, 250);
  const users = useQuery(userPickerQuery(q));
  const options: PickedUser[] = (users.data ?? []).map((u) => ({ value: String(u.user_id), label: userLabel(u) }));
  if (value && !options.some((o) => o.value === value.value)) options.unshift(value);

  return (
    <Select
      label="Gebruiker"
      placeholder="Zoek op email"
      withAsterisk
      searchable
      clearable
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={users.isFetching ? 'Zoeken...' : 'Geen gebruikers gevonden'}
      value={value?.value ?? null}
      error={error}
      onChange={(id) => onChange(options.find((o) => o.value === id) ?? null)}
    />
  );
}
