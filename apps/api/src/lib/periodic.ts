// Jobs on a timer inside the server process (the reminder scheduler, the visa retention purge).

export interface PeriodicJob<R, A extends unknown[] = []> {
  start(): void;
  stop(): Promise<void>;
  /** One run now (used by the timer; also handy in tests); null when it failed (logged). */
  runNow(...args: A): Promise<R | null>;
}

/**
 * A first run after `firstDelayMs`, then one every `intervalMs` (both read at start()). Timers are
 * unref'd, so they never keep the process alive; runs never overlap within a process (a call during
 * a run gets that run); stop() waits for a run in progress.
 */
export function periodicJob<R, A extends unknown[] = []>(opts: {
  run: (...args: A) => Promise<R>;
  /** Logged with the error when a run fails. */
  failure: string;
  log: { error: (obj: unknown, msg: string) => void };
  firstDelayMs: () => number;
  intervalMs: () => number;
  /** Read at start(): false leaves the timers off (runNow still works). */
  enabled?: () => boolean;
}): PeriodicJob<R, A> {
  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;
  let running: Promise<R | null> | null = null;

  function runNow(...args: A): Promise<R | null> {
    running ??= opts
      .run(...args)
      .catch((err) => {
        opts.log.error(err, opts.failure);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    runNow,
    start() {
      if (first || every || (opts.enabled && !opts.enabled())) return;
      first = setTimeout(() => void runNow(...([] as unknown as A)), opts.firstDelayMs());
      every = setInterval(() => void runNow(...([] as unknown as A)), opts.intervalMs());
      first.unref();
      every.unref();
    },
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      first = every = undefined;
      await running;
    },
  };
}
