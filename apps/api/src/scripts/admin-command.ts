// The admin account command's logic (scripts/admin.ts is the command line around it): create an
// admin, or set a new password for an account. The password comes from the caller, never argv.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Role } from '@umrah/domain';
import { passwordField } from '@umrah/domain/validation/auth';
import { emailField } from '@umrah/domain/validation/common';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { revokeAllSessions } from '../modules/auth/sessions.ts';

export const USAGE = `Usage:
  npm run admin -- create --email <address> [--first-name <name>] [--last-name <name>]
  npm run admin -- reset-password --email <address>
The password is asked for (not shown while typed), or read from standard input when that is not a terminal.`;

/** A mistake of the operator: printed as it is, without a stack trace. */
export class AdminCommandError extends Error {}

const nameField = z.string().trim().min(1).max(100);

/** The command itself, on an open database (the test calls it directly too). */
export async function runAdminCommand(db: Db, argv: string[], readPassword: () => Promise<string>): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
    });
  } catch (err) {
    const passwordGiven = argv.some((a) => /^--?pass/i.test(a));
    throw new AdminCommandError(
      passwordGiven
        ? `The password is never an argument: type it when asked, or give it on standard input.\n${USAGE}`
        : `${(err as Error).message}\n${USAGE}`,
    );
  }
  const [command, ...extra] = parsed.positionals;
  if (!command || !['create', 'reset-password'].includes(command) || extra.length) throw new AdminCommandError(USAGE);
  const email = emailField().safeParse(parsed.values.email ?? '');
  if (!email.success) throw new AdminCommandError(`--email: ${email.error.issues[0]?.message ?? 'invalid'}\n${USAGE}`);
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email.data));

  if (command === 'create') {
    if (existing)
      throw new AdminCommandError(`An account with ${email.data} exists already: use \`npm run admin -- reset-password --email ${email.data}\`.`);
    const firstName = nameField.safeParse(parsed.values['first-name'] ?? 'Beheerder');
    const lastName = nameField.safeParse(parsed.values['last-name'] ?? 'Kantoor');
    if (!firstName.success || !lastName.success) throw new AdminCommandError('--first-name and --last-name: 1 to 100 characters.');
    const passwordHash = await hashPassword(await checkedPassword(readPassword));
    await db.insert(users).values({ email: email.data, passwordHash, firstName: firstName.data, lastName: lastName.data, role: Role.ADMIN });
    return `Admin account ${email.data} created: log in at /admin.`;
  }

  if (!existing) throw new AdminCommandError(`No account with ${email.data}: make one with \`npm run admin -- create --email ${email.data}\`.`);
  const passwordHash = await hashPassword(await checkedPassword(readPassword));
  await db.transaction(async (tx) => {
    // A new password also lifts a lockout, and ends every session of the account.
    await tx.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, existing.id));
    await revokeAllSessions(tx, existing.id);
  });
  return `New password set for ${email.data}; its sessions have ended.`;
}

async function checkedPassword(readPassword: () => Promise<string>): Promise<string> {
  const password = await readPassword();
  const valid = passwordField.safeParse(password);
  if (!valid.success) throw new AdminCommandError(`Password: ${valid.error.issues[0]?.message ?? 'invalid'}`);
  return password;
}
