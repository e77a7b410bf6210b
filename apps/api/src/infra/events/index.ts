import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * Tells the OTHER API processes that shared data changed (today: the public catalog), so their
 * in-memory caches drop it at once instead of after their TTL; the publisher has already acted
 * itself. On PostgreSQL this is LISTEN/NOTIFY on one channel; PGlite is one process, so nothing
 * needs to be sent there.
 */
export interface EventBus {
  publish(topic: string): void;
  subscribe(topic: string, listener: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'umrah_events';

export function localEventBus(): EventBus {
  const emitter = new EventEmitter();
  return {
    publish: () => undefined,
    subscribe: (topic, listener) => void emitter.on(topic, listener),
    close: async () => void emitter.removeAllListeners(),
  };
}

export async function postgresEventBus(databaseUrl: string, onError: (err: Error) => void): Promise<EventBus> {
  const { default: pg } = await import('pg');
  const local = new EventEmitter();
  // Our own notifications come back to us too: they carry this id so they can be skipped.
  const self = randomUUID();
  let closed = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  // The sender of a notification is a short pool query; the listener keeps one connection of its own.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', onError);

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      const [topic, sender] = (msg.payload ?? '').split('|');
      if (msg.channel === CHANNEL && topic && sender !== self) local.emit(topic);
    });
    c.on('error', (err) => {
      onError(err);
      client = null;
      // A lost listener misses notifications until it is back: the caches' TTL covers that gap.
      if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
  }
  await connect();

  // Notifications of one topic are gathered for GATHER_MS, then one is sent; a topic published again
  // while it is under way is sent once more after it (never dropped: the one under way may have left
  // before the caller's change was committed). Under load (every order changes the catalog's stock)
  // that is a few statements a second instead of one per order; the other processes' caches drop
  // their copy GATHER_MS later at most (their TTL is 10 s; stock is never taken from a cache).
  const GATHER_MS = 50;
  /** Topic → published again since this send was scheduled or left. */
  const inFlight = new Map<string, boolean>();
  function send(topic: string) {
    inFlight.set(topic, false);
    setTimeout(() => {
      if (closed) return void inFlight.delete(topic);
      // Whatever was published while gathering is covered by this notification.
      inFlight.set(topic, false);
      void pool
        .query('select pg_notify($1, $2)', [CHANNEL, `${topic}|${self}`])
        .catch(onError)
        .finally(() => {
          if (inFlight.get(topic) && !closed) send(topic);
          else inFlight.delete(topic);
        });
    }, GATHER_MS).unref();
  }

  return {
    publish(topic) {
      if (inFlight.has(topic)) inFlight.set(topic, true);
      else send(topic);
    },
    subscribe: (topic, listener) => void local.on(topic, listener),
    async close() {
      closed = true;
      local.removeAllListeners();
      await client?.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    },
  };
}
