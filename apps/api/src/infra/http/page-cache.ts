import { createHash } from 'node:crypto';
import type { FetchApi } from './render-thread.ts';
import type { RenderedPage } from './rendered-page.ts';

/**
 * A rendered page is kept this long, and used again only while every answer it was made from is
 * unchanged (asked again, compared by ETag or content): a saved product still shows on the next
 * load. The time limit bounds what depends on the date alone (the months ahead on /pakketten).
 */
const PAGE_CACHE_MS = 60_000;
const PAGE_CACHE_MAX = 200;
/**
 * Between writes a cached page is served as it is, without asking anything again; this bounds how
 * long a change made without a request (a job giving stock back) can go unseen.
 */
const REVALIDATE_MS = 5_000;

/** The API answers a page was made from: each URL asked and what it answered. */
export type Answers = { url: string; tag: string }[];

type Cached = {
  page: RenderedPage;
  index: string;
  at: number;
  answers: Answers;
  checkedAt: number;
  checkedVersion: number;
  checking?: Promise<boolean>;
};

/** What an answer was: its status and ETag, or a hash of its body where it has none. */
export const tagOf = async (res: Response) =>
  `${res.status} ${
    res.headers.get('etag') ??
    createHash('sha1')
      .update(await res.text())
      .digest('base64')
  }`;

/** The rendered pages by cache key, each served again only while the answers it was made from hold. */
export function createPageCache(fetchApi: FetchApi, options: { revalidateMs?: number; now?: () => number }) {
  const revalidateMs = options.revalidateMs ?? REVALIDATE_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, Cached>();
  /** Bumped by every write (dataChanged): a page checked before it is asked again once. */
  let dataVersion = 0;
  const stillCurrent = async (answers: Answers) => {
    const same = await Promise.all(answers.map(async (a) => (await tagOf(await fetchApi(a.url, {}))) === a.tag));
    return same.every(Boolean);
  };
  /** A cached page that may be served: unchanged since its last check, or checked once now for all who ask. */
  const usable = async (hit: Cached): Promise<boolean> => {
    if (hit.checkedVersion === dataVersion && now() - hit.checkedAt < revalidateMs) return true;
    hit.checking ??= (async () => {
      const version = dataVersion;
      const checkedAt = now();
      const ok = await stillCurrent(hit.answers);
      if (ok) Object.assign(hit, { checkedVersion: version, checkedAt });
      return ok;
    })().finally(() => (hit.checking = undefined));
    return hit.checking;
  };
  return {
    now,
    /** The data version and time a render starts at: its page is current as of then. */
    startOfRender: () => ({ version: dataVersion, at: now() }),
    dataChanged: () => void dataVersion++,
    /** The cached page of `key` made from this index.html, when it may still be served. */
    async lookup(key: string, indexHtml: string): Promise<RenderedPage | null> {
      const hit = cache.get(key);
      if (hit && hit.index === indexHtml && now() - hit.at <= PAGE_CACHE_MS && (await usable(hit))) return hit.page;
      return null;
    },
    store(key: string, page: RenderedPage, made: { index: string; answers: Answers; version: number; at: number }) {
      cache.delete(key);
      cache.set(key, { page, index: made.index, at: made.at, answers: made.answers, checkedAt: made.at, checkedVersion: made.version });
      // The oldest goes first (a Map keeps insertion order).
      if (cache.size > PAGE_CACHE_MAX) cache.delete(cache.keys().next().value!);
    },
  };
}
