import { z } from 'zod';
import { Role } from '../enums.ts';
import { messageAnswer, pagedAnswer } from './common.ts';

/** The user as the API shows it (GET /api/user, the admin's user list): never the password hash. */
export const userContract = z.object({
  user_id: z.number(),
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** YYYY-MM-DD; null for an account made before the field was asked */
  date_of_birth: z.string().nullable(),
  nationality: z.string(),
  phone_number: z.string(),
  address: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  role: z.literal([Role.USER, Role.ADMIN, Role.BOOKKEEPER]),
  created_at: z.string(),
});
export type User = z.infer<typeof userContract>;

/** GET /api/users (admin). */
export const usersPageContract = pagedAnswer('users', userContract);
export type UsersPage = z.infer<typeof usersPageContract>;

/** POST /api/users, PUT /api/user, PUT /api/user/{id}. */
export const userSavedContract = messageAnswer.extend({ user: userContract });
export type UserSaved = z.infer<typeof userSavedContract>;

/** POST /api/user/{id}/logout_all (admin). */
export const loggedOutEverywhereContract = messageAnswer.extend({ sessions: z.number() });
export type LoggedOutEverywhere = z.infer<typeof loggedOutEverywhereContract>;

/** POST /api/register. */
export const registeredContract = z.object({ status: z.literal('success'), token: z.string().nullable(), message: z.string() });
export type Registered = z.infer<typeof registeredContract>;
