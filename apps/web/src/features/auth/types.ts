import type { Role } from '@umrah/domain/enums';

/** The user as GET /api/user returns it. */
export interface User {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  nationality: string;
  phone_number: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  role: Role;
  created_at?: string;
}

export const fullName = (u: Pick<User, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();
