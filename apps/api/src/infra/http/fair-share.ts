import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

// Heavy work (PDFs, pictures, trip downloads, exports) is shared out per user: a route marked
// `config: { heavyWork: true }` waits for one of a few slots before its handler runs; the waiting
// requests are served one user at a time in turn, so one user's burst waits in its own queue while
// everyone else's request is served next. A user with `perOwner` requests running or waiting gets
// 429 with Retry-After instead of a place in the queue: nobody can fill the worker pools' queues (a
// full queue was a 503 for everyone).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The handler does heavy work in a worker pool: it waits its user's turn (infra/http/fair-share.ts). */
    heavyWork?: boolean;
  }
}

export const FAIR_SHARE_MSG = {
  busy: 'Er wordt al aan je vorige verzoeken gewerkt. Probeer het over een paar seconden opnieuw.',
} as const;

export interface FairShareOptions {
  /** Requests doing heavy work at once, over all users (about the worker threads there are). */
  slots: number;
  /** Requests of one user running or waiting; one more is a 429. */
  perOwner: number;
  /** Seconds in the Retry-After of that 429. */
  retryAfterSeconds: number;
}

export const FAIR_SHARE_DEFAULTS: FairShareOptions = { slots: 3, perOwner: 4, retryAfterSeconds: 5 };

export function createFairShare(initial: FairShareOptions = FAIR_SHARE_DEFAULTS) {
  let options = { ...initial };
  let running = 0;
  /** Per owner, in arrival order of owners: the waiting requests' wake-ups. */
  const waiting = new Map<string, (() => void)[]>();
  /** Running plus waiting, per owner. */
  const held = new Map<string, number>();

  const next = () => {
    while (running < options.slots && waiting.size > 0) {
      // The owner that waited longest goes first, then moves to the back of the line (round robin).
      const [owner, queue] = waiting.entries().next().value as [string, (() => void)[]];
      waiting.delete(owner);
      const wake = queue.shift()!;
      if (queue.length > 0) waiting.set(owner, queue);
      running++;
      wake();
    }
  };

  return {
    configure(next: Partial<FairShareOptions>) {
      options = { ...initial, ...Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) };
    },
    get options() {
      return options;
    },
    /** Waits for `owner`'s turn; the returned function gives the slot back (once). 429 when the owner holds too many. */
    async enter(owner: string): Promise<() => void> {
      const count = held.get(owner) ?? 0;
      if (count >= options.perOwner) {
        throw new AppError(429, FAIR_SHARE_MSG.busy, 'Too Many Requests');
      }
      held.set(owner, count + 1);
      if (running < options.slots && waiting.size === 0) running++;
      else {
        await new Promise<void>((resolve) => {
          const queue = waiting.get(owner);
          if (queue) queue.push(resolve);
          else waiting.set(owner, [resolve]);
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running--;
        const left = (held.get(owner) ?? 1) - 1;
        if (left > 0) held.set(owner, left);
        else held.delete(owner);
        next();
      };
    },
  };
}

/** One share per process: every app in it (tests build several) uses the same worker pools. */
export const fairShare = createFairShare();

const ownerOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);

/**
 * Adds the turn-taking to every route marked heavyWork: a preHandler (after the role checks, so the
 * owner is known) and the slot given back when the answer is sent or the client goes away.
 */
export function installFairShare(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.heavyWork) return;
    const release = new WeakMap<FastifyRequest, () => void>();
    const done = async (request: FastifyRequest) => {
      release.get(request)?.();
    };
    const enter = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        release.set(request, await fairShare.enter(ownerOf(request)));
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 429) reply.header('retry-after', String(fairShare.options.retryAfterSeconds));
        throw err;
      }
    };
    const asList = <T>(h: T | T[] | undefined): T[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);
    route.preHandler = [...asList(route.preHandler), enter] as typeof route.preHandler;
    route.onResponse = [...asList(route.onResponse), done] as typeof route.onResponse;
    route.onRequestAbort = [...asList(route.onRequestAbort), done] as typeof route.onRequestAbort;
  });
}
