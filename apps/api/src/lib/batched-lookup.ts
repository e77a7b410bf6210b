// Reads of the hot path that every request runs (its session, the order a payment starts for) are
// sent for the requests that wait together in one statement: those that arrive in one turn of the
// event loop, or while `maxInFlight` such statements are under way. Nothing is cached: a statement
// starts after each of its requests arrived, so it sees everything committed before them.

export interface BatchedLookupOptions {
  /** Statements of this lookup under way at once at most; the requests after them wait and go together. */
  maxInFlight?: number;
  /** A key already in the batch waits for the next one (when each request needs its own row). */
  distinct?: boolean;
}

/** `run` gets the keys of a batch and answers by key; a key it leaves out answers undefined. */
export function batchedLookup<K, R>(run: (keys: K[]) => Promise<Map<K, R>>, opts: BatchedLookupOptions = {}) {
  const maxInFlight = opts.maxInFlight ?? 2;
  let waiting: { key: K; resolve: (row: R | undefined) => void; reject: (err: unknown) => void }[] = [];
  let scheduled = false;
  let inFlight = 0;

  const send = () => {
    scheduled = false;
    if (inFlight >= maxInFlight || waiting.length === 0) return;
    let batch = waiting;
    waiting = [];
    if (opts.distinct) {
      const seen = new Set<K>();
      const now: typeof batch = [];
      for (const w of batch) {
        if (seen.has(w.key)) waiting.push(w);
        else now.push(w);
        seen.add(w.key);
      }
      batch = now;
    }
    inFlight++;
    run([...new Set(batch.map((w) => w.key))])
      .then(
        (rows) => {
          for (const w of batch) w.resolve(rows.get(w.key));
        },
        (err: unknown) => {
          for (const w of batch) w.reject(err);
        },
      )
      .finally(() => {
        inFlight--;
        if (waiting.length > 0 && !scheduled) send();
      });
  };

  return (key: K) =>
    new Promise<R | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(send);
      }
    });
}

/** One lookup per database, made on first use. */
export function perDatabase<D extends object, F>(make: (db: D) => F): (db: D) => F {
  const made = new WeakMap<D, F>();
  return (db) => {
    let f = made.get(db);
    if (!f) made.set(db, (f = make(db)));
    return f;
  };
}
