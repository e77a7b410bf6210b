// The public pages' server render in a thread of its own (infra/http/render-page.ts): React's render
// of a page costs tens of milliseconds on a slow CPU, which on the API's event loop would hold every
// other request. The web build's server entry is plain JavaScript, so this file needs no TypeScript.
// The app's API requests during a render are answered by the API thread (messages 'fetch'/'fetched').
// One render at a time: the entry keeps the fetch of the render under way in a module variable.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const entry = await import(pathToFileURL(workerData.entryFile).href);
const fetches = new Map();
let nextFetch = 0;

/** The API's answer to `url`, from the API thread. */
function fetchApi(url) {
  return new Promise((resolve, reject) => {
    const id = ++nextFetch;
    fetches.set(id, { resolve, reject });
    parentPort.postMessage({ type: 'fetch', id, url });
  });
}

let queue = Promise.resolve();
parentPort.on('message', (msg) => {
  if (msg.type === 'fetched') {
    const waiting = fetches.get(msg.id);
    fetches.delete(msg.id);
    if (!waiting) return;
    if (msg.error) waiting.reject(new Error(msg.error));
    else waiting.resolve(new Response(msg.status === 204 || msg.status === 304 ? null : msg.body, { status: msg.status, headers: msg.headers }));
    return;
  }
  if (msg.type === 'render') {
    queue = queue.then(async () => {
      try {
        const result = await entry.render(msg.url, fetchApi);
        parentPort.postMessage({ type: 'rendered', id: msg.id, result });
      } catch (err) {
        parentPort.postMessage({ type: 'rendered', id: msg.id, error: String(err?.message ?? err) });
      }
    });
  }
});
parentPort.postMessage({ type: 'ready' });
