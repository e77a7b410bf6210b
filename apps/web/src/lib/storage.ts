// Small JSON helpers over localStorage, observable within the tab (custom event) and across tabs
// (the 'storage' event), so badges follow the cart wherever it changes.

const EVENT = 'umrah:storage';

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the value only lives for this page view.
  }
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { key } }));
}

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // see writeJson
  }
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { key } }));
}

/** Calls `listener` whenever `key` changes in this tab or another one. */
export function subscribeKey(key: string, listener: () => void): () => void {
  const onLocal = (e: Event) => {
    if ((e as CustomEvent<{ key: string }>).detail?.key === key) listener();
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) listener();
  };
  window.addEventListener(EVENT, onLocal);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, onLocal);
    window.removeEventListener('storage', onStorage);
  };
}
