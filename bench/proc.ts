// What Linux's /proc says of the machine's processes, for the benchmarks that measure or steer them.
import { readdirSync, readFileSync } from 'node:fs';

/** The ids of the processes running now. */
export const processIds = (): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state,
 * [1] the parent's id, [11] and [12] the user and system CPU time in clock ticks. Throws when the
 * process has gone.
 */
export const statFields = (pid: number): string[] => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
