// The account fields shared by register, edit account and the admin user form.
import { SimpleGrid, TextInput } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import type { GetInputPropsReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import { CountrySelect } from '../../components/CountrySelect';
import type { User } from './types';

export const ACCOUNT_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'date_of_birth',
  'nationality',
  'phone_number',
  'address',
  'zip',
  'city',
  'country',
] as const;
export type AccountFieldName = (typeof ACCOUNT_FIELDS)[number];
/** Form values: date_of_birth is YYYY-MM-DD (what the API takes) or null while empty. */
export type AccountValues = Record<Exclude<AccountFieldName, 'date_of_birth'>, string> & { date_of_birth: string | null };

export const emptyAccount = (): AccountValues => ({
  email: '',
  first_name: '',
  last_name: '',
  date_of_birth: null,
  nationality: '',
  phone_number: '',
  address: '',
  zip: '',
  city: '',
  country: '',
});

export const accountFromUser = (u: User): AccountValues => ({
  email: u.email,
  first_name: u.first_name,
  last_name: u.last_name,
  date_of_birth: u.date_of_birth || null,
  nationality: u.nationality,
  phone_number: u.phone_number,
  address: u.address,
  zip: u.zip,
  city: u.city,
  country: u.country,
});

/** The picker shows and accepts DD-MM-YYYY (also D-M-YYYY and with / or .); the value stays YYYY-MM-DD. */
export function parseDutchDate(input: string): string | null {
  const m = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(input);
  if (!m) return null;
  // The pattern has three groups, so the defaults never apply.
  const [, d = '', mo = '', y = ''] = m;
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = dayjs(iso);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === iso ? iso : null;
}

/** A date picker in the Dutch format: DD-MM-JJJJ shown and typed, YYYY-MM-DD as value. */
export function DutchDateInput(props: DateInputProps) {
  return <DateInput placeholder="DD-MM-JJJJ" valueFormat="DD-MM-YYYY" dateParser={parseDutchDate} {...props} />;
}

export function AccountFields({
  getInputProps,
  emailDisabled,
}: {
  getInputProps: (path: AccountFieldName) => GetInputPropsReturnType;
  emailDisabled?: boolean;
}) {
  return (
    <>
      <TextInput label="Email" type="email" autoComplete="email" disabled={emailDisabled} {...getInputProps('email')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Voornaam" autoComplete="given-name" {...getInputProps('first_name')} />
        <TextInput label="Achternaam" autoComplete="family-name" {...getInputProps('last_name')} />
        <DutchDateInput label="Geboortedatum" defaultLevel="decade" maxDate={new Date()} locale="nl" {...getInputProps('date_of_birth')} />
        <CountrySelect label="Nationaliteit" {...getInputProps('nationality')} />
        <TextInput label="Telefoonnummer" type="tel" autoComplete="tel" {...getInputProps('phone_number')} />
        <TextInput label="Adres" autoComplete="street-address" {...getInputProps('address')} />
        <TextInput label="Postcode" autoComplete="postal-code" {...getInputProps('zip')} />
        <TextInput label="Woonplaats" autoComplete="address-level2" {...getInputProps('city')} />
        <CountrySelect label="Land" autoComplete="country-name" {...getInputProps('country')} />
      </SimpleGrid>
    </>
  );
}
