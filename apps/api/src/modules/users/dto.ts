import type { Role } from '@umrah/domain';
import type { User } from '@umrah/domain/contracts';
import type { UserRow } from '../../lib/auth.ts';

/** The user as the API shows it (the `User` contract): never the password hash. */
export function toUserDto(u: UserRow): User {
  return {
    user_id: u.id,
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    date_of_birth: u.dateOfBirth,
    nationality: u.nationality,
    phone_number: u.phoneNumber,
    address: u.address,
    zip: u.zip,
    city: u.city,
    country: u.country,
    role: u.role as Role,
    created_at: u.createdAt.toISOString(),
  };
}

/** The account's personal fields as the API names them (the users module and the requests' contact details). */
export interface AccountFields {
  email: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  nationality: string;
  phone_number: string;
  address: string;
  zip: string;
  city: string;
  country: string;
}

/** Maps the account fields of the API onto the table's columns. */
export function accountColumns(input: AccountFields & { date_of_birth: string }) {
  return {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    dateOfBirth: input.date_of_birth,
    nationality: input.nationality,
    phoneNumber: input.phone_number,
    address: input.address,
    zip: input.zip,
    city: input.city,
    country: input.country,
  };
}
