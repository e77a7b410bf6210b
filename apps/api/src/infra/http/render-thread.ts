import { Worker } from 'node:worker_threads';

export type FetchApi = (url: string, init: RequestInit) => Promise<Response>;

export type RenderResult = { html: string; state: unknown; status: number; page?: string | null; islands?: string };

type Log = { error: (obj: unknown, msg: string) => void };

type ThreadMessage = { type: string; id: number; url?: string; result?: RenderResult; error?: string };

/** The render under way in a thread: the thread asks its API requests of it and settles it. */
type Current = { id: number; worker: Worker; fetchApi: FetchApi; resolve: (r: RenderResult | null) => void; reject: (e: Error) => void };

/** Resolves once the thread has loaded the server entry (its start is not part of a render's time limit). */
function threadLoaded(w: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    w.on('message', (msg: ThreadMessage) => {
      if (msg.type === 'ready') resolve();
    });
    // A thread that never loads counts as gone: the render then fails instead of waiting forever.
    w.once('exit', () => resolve());
  });
}

/** A thread's API request, answered with the fetch of the render under way. */
function answerFetch(w: Worker, fetchApi: FetchApi, msg: ThreadMessage): void {
  const answer = (reply: Record<string, unknown>) => w.postMessage({ type: 'fetched', id: msg.id, ...reply });
  fetchApi(msg.url!, {})
    .then(async (res) => {
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => (headers[name] = value));
      answer({ status: res.status, headers, body: await res.text() });
    })
    .catch((err: Error) => answer({ error: err.message }));
}

/**
 * Renders in a thread of its own (page-render-worker.mjs), so a render never holds the API's event loop;
 * the thread's API requests are answered here with `fetchApi` of the render under way (one at a
 * time). A render past its time limit ends the thread; the next render starts a new one.
 */
export function renderThread(entryFile: string, log: Log) {
  let worker: Worker | null = null;
  let current: Current | null = null;
  let nextId = 0;
  let ready: Promise<void> = Promise.resolve();
  const start = () => {
    const w = new Worker(new URL('./page-render-worker.mjs', import.meta.url), {
      workerData: { entryFile },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    w.unref();
    ready = threadLoaded(w);
    w.on('message', (msg: ThreadMessage) => {
      if (current?.worker !== w) return;
      if (msg.type === 'fetch') answerFetch(w, current.fetchApi, msg);
      else if (msg.type === 'rendered' && current.id === msg.id) {
        const done = current;
        current = null;
        if (msg.error) done.reject(new Error(msg.error));
        else done.resolve(msg.result ?? null);
      }
    });
    // Only this thread's render fails with it (an abandoned thread ends while the next one renders).
    const gone = (err: Error) => {
      if (worker === w) worker = null;
      if (current?.worker !== w) return;
      current.reject(err);
      current = null;
    };
    w.on('error', (err) => {
      log.error(err, 'server render thread failed');
      gone(err);
    });
    w.on('exit', () => gone(new Error('server render thread ended')));
    return w;
  };
  return {
    /** Starts the thread now, so that the first page does not wait for it. */
    warm() {
      worker ??= start();
    },
    async render(url: string, fetchApi: FetchApi, timeoutMs: number): Promise<RenderResult | null> {
      worker ??= start();
      const w = worker;
      await ready;
      if (worker !== w) throw new Error('server render thread ended');
      const id = ++nextId;
      let timer: NodeJS.Timeout | undefined;
      try {
        return await new Promise<RenderResult | null>((resolve, reject) => {
          current = { id, worker: w, fetchApi, resolve, reject };
          w.postMessage({ type: 'render', id, url });
          timer = setTimeout(() => {
            // Too long: the thread goes, with whatever it was doing; the next render starts a new one.
            this.abandon();
            resolve(null);
          }, timeoutMs);
        });
      } finally {
        clearTimeout(timer);
      }
    },
    /** A render that took too long: the thread goes, with whatever it was doing. */
    abandon() {
      const w = worker;
      worker = null;
      current = null;
      void w?.terminate();
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
