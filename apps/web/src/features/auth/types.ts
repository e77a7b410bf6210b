// The user as GET /api/user answers it: the API's response contract (packages/domain/src/contracts).
import type { User } from '@umrah/domain/contracts/users';

export type { User };

export const fullName = (u: Pick<User, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();
