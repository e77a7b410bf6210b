import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { CATALOG_STALE_GRACE_MS, CATALOG_TTL_MS, catalogCache } from '../src/infra/http/catalog-cache.ts';

const newCache = () => catalogCache({ db: {} as Db });
const loader = (data: unknown) => vi.fn(async () => data);

afterEach(() => {
  vi.useRealTimers();
});

describe('the public catalog cache', () => {
  it('serves a timed-out entry once while it refreshes, then the fresh one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = newCache();
    const first = loader({ v: 1 });
    expect(JSON.parse((await cache.get('NL', first)).body)).toEqual({ v: 1 });
    expect(JSON.parse((await cache.get('NL', loader({ v: 9 }))).body)).toEqual({ v: 1 });
    expect(first).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + CATALOG_TTL_MS + 1);
    const second = loader({ v: 2 });
    // The caller does not wait for the database: it gets the old entry, the refresh runs behind it.
    expect(JSON.parse((await cache.get('NL', second)).body)).toEqual({ v: 1 });
    expect(second).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => expect(JSON.parse((await cache.get('NL', loader({ v: 9 }))).body)).toEqual({ v: 2 }));
  });

  it('never serves an entry that a write invalidated, nor one long past its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = newCache();
    await cache.get('NL', loader({ v: 1 }));
    cache.invalidate();
    expect(JSON.parse((await cache.get('NL', loader({ v: 2 }))).body)).toEqual({ v: 2 });

    vi.setSystemTime(Date.now() + CATALOG_TTL_MS + CATALOG_STALE_GRACE_MS + 1);
    expect(JSON.parse((await cache.get('NL', loader({ v: 3 }))).body)).toEqual({ v: 3 });
  });
});
