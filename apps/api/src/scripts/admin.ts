// `npm run admin -- create --email …` makes an admin account; `npm run admin -- reset-password
// --email …` sets a new password for an existing account (and ends its sessions). Production never
// loads the demo data, so this is how the first admin comes to be. The password is typed (without
// echo) or read from standard input (`… < file`, `printf '%s\n' "$PW" | …`), never an argument: an
// argument stays in the shell history and shows in `ps`.
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseInUseError, openDatabase } from '../db/index.ts';
import { AdminCommandError, runAdminCommand } from './admin-command.ts';

/** The first line of standard input (a pipe or a file). */
async function passwordFromStdin(): Promise<string> {
  let input = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) input += chunk;
  return input.split(/\r?\n/)[0] ?? '';
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let value = '';
  return new Promise((resolve, reject) => {
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          return resolve(value);
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          return reject(new AdminCommandError('Cancelled.'));
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function passwordFromTerminal(): Promise<string> {
  const first = await askHidden('Password (at least 8 characters): ');
  const second = await askHidden('Password again: ');
  if (first !== second) throw new AdminCommandError('The two passwords differ.');
  return first;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const message = await runAdminCommand(database.db, process.argv.slice(2), process.stdin.isTTY ? passwordFromTerminal : passwordFromStdin);
    console.log(message);
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (err) {
  if (!(err instanceof AdminCommandError || err instanceof ConfigError || err instanceof DatabaseInUseError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
