import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/index.ts';
import { invalidateCatalog } from '../../infra/http/catalog-cache.ts';

// What a transaction's order changes leave for after its commit: the catalog's cached availability
// (read again only once the stock change is visible), a kick of the mail worker (it cannot see a
// queued mail before the commit), and slower work that must not hold row locks (a credit note's PDF).
// The transaction's code records; whoever runs the transaction calls `run()` after it committed.

export type AfterCommitCtx = Pick<AppContext, 'db' | 'config' | 'mail'> & Partial<Pick<AppContext, 'events'>>;

/** Where after-commit work reports what failed (the request's or the scheduler's logger). */
export type WarnLog = { warn: (obj: unknown, msg: string) => void };

type Task = (log: WarnLog | undefined) => Promise<void>;

export class AfterCommit {
  #catalog = false;
  #mail = false;
  #tasks: Task[] = [];

  constructor(readonly ctx: AfterCommitCtx) {}

  /** Stock changed: every process's cached catalog is dropped after the commit. */
  catalogChanged(): void {
    this.#catalog = true;
  }

  /** A mail was queued in the outbox: the worker is woken after the commit. */
  mailQueued(): void {
    this.#mail = true;
  }

  /** Work that reads what the transaction committed; it must change nothing when that rolled back. */
  later(task: Task): void {
    this.#tasks.push(task);
  }

  /**
   * Runs `fn` in a savepoint of `tx`; when it fails, what it recorded here is dropped with it (the
   * scheduler handles each order in its own savepoint and goes on with the next).
   */
  async savepoint<T>(tx: Tx, fn: (sp: Tx) => Promise<T>): Promise<T> {
    const before = { catalog: this.#catalog, mail: this.#mail, tasks: this.#tasks.length };
    try {
      return await tx.transaction(fn);
    } catch (err) {
      this.#catalog = before.catalog;
      this.#mail = before.mail;
      this.#tasks.length = before.tasks;
      throw err;
    }
  }

  /** Call once, after the commit: the cache first, then the slower work, then the mail worker. */
  async run(log?: WarnLog): Promise<void> {
    if (this.#catalog) invalidateCatalog(this.ctx);
    for (const task of this.#tasks) await task(log);
    if (this.#mail) void this.ctx.mail.kick();
    this.#catalog = false;
    this.#mail = false;
    this.#tasks = [];
  }
}

/** Runs `work` in one transaction and, once it committed, what the work left for after the commit. */
export async function inTransaction<T>(ctx: AfterCommitCtx, work: (tx: Tx, after: AfterCommit) => Promise<T>, log?: WarnLog): Promise<T> {
  const after = new AfterCommit(ctx);
  const result = await ctx.db.transaction((tx) => work(tx, after));
  await after.run(log);
  return result;
}
