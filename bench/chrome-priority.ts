// Beside the order load (`bench/pagespeed.ts --with-orders`), Chromium stands in for a phone, and a
// phone does not share its CPU with the shop. On a two-core machine the shop, PostgreSQL and the
// customers otherwise take the renderer's core in the middle of its tasks: Lighthouse then measures
// a task as long as it waited, multiplies that by the slowdown, and the same build measured 0 to 550
// ms TBT from one run to the next. So Chromium's processes run at a higher priority than the load
// (nice -10); the shop still serves the pages from under the load. Linux only, and only where this
// process may raise a priority (root); otherwise it says so and nothing changes.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { processIds, statFields } from './proc.ts';

const NICE = -10;
/** Chromium sets its renderers back to 0 when a tab comes to the front: checked this often. */
const EVERY_MS = 100;

/** `root` and all its descendants, from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of processIds()) {
    try {
      const parent = Number(statFields(pid)[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // gone in between
    }
  }
  const tree = [root];
  // Breadth first: the loop also visits the children appended while it runs.
  for (const pid of tree) tree.push(...(children.get(pid) ?? []));
  return tree;
}

/** Every thread of `pid`: Linux sets a priority per thread. */
const threadsOf = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
};

/** Keeps every thread of the Chromium started as `chromePid` at nice -10 until stop(); `applied` says whether it could. */
export function favourChrome(chromePid: number): { applied: boolean; stop: () => void } {
  const raise = () => {
    for (const pid of processTree(chromePid))
      for (const tid of threadsOf(pid)) {
        try {
          if (os.getPriority(tid) !== NICE) os.setPriority(tid, NICE);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EACCES' || (error as NodeJS.ErrnoException).code === 'EPERM') throw error;
          // a thread that ended in between
        }
      }
  };
  try {
    raise();
  } catch {
    return { applied: false, stop: () => undefined };
  }
  const timer = setInterval(() => {
    try {
      raise();
    } catch {
      // the priority was ours a moment ago; keep trying
    }
  }, EVERY_MS);
  return { applied: true, stop: () => clearInterval(timer) };
}
