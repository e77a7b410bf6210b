// Region (NL/BE, filters the packages) and locale (Dutch only for now), kept in localStorage under
// 'preferences' (docs/RULES.md, 'Entities', local state), plus the open state of the 'Regio en taal' modal.
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, DEFAULT_REGION, REGIONS, type Region } from '@umrah/domain/enums';
import { readJson, subscribeKey, writeJson } from '../../lib/storage';

export const PREFERENCES_KEY = 'preferences';
export const LOCALES = [{ value: 'nl', label: 'Nederlands' }] as const;
export type Locale = (typeof LOCALES)[number]['value'];

export interface Preferences {
  region: Region;
  locale: Locale;
}

function readPreferences(): Preferences {
  const raw = readJson<Partial<Preferences> | null>(PREFERENCES_KEY, null);
  const region = REGIONS.includes(raw?.region as Region) ? (raw!.region as Region) : DEFAULT_REGION;
  const locale = LOCALES.some((l) => l.value === raw?.locale) ? (raw!.locale as Locale) : (DEFAULT_LOCALE as Locale);
  return { region, locale };
}

const DEFAULT_PREFERENCES: Preferences = { region: DEFAULT_REGION, locale: DEFAULT_LOCALE as Locale };

// useSyncExternalStore needs a stable snapshot: re-read only when the stored text changes. Nothing
// stored is the very object the server rendered with, so a first visit does not re-render the whole
// app synchronously (one long task on a phone) right after hydration.
let cachedRaw: string | null = null;
let cached: Preferences = DEFAULT_PREFERENCES;
function snapshot(): Preferences {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(PREFERENCES_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = raw === null ? DEFAULT_PREFERENCES : readPreferences();
  }
  return cached;
}

interface PreferencesContextValue extends Preferences {
  setRegion: (region: Region) => void;
  setLocale: (locale: Locale) => void;
  regionModalOpened: boolean;
  openRegionModal: () => void;
  closeRegionModal: () => void;
}

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const prefs = useSyncExternalStore(
    (cb) => subscribeKey(PREFERENCES_KEY, cb),
    snapshot,
    () => DEFAULT_PREFERENCES,
  );
  const [regionModalOpened, setOpened] = useState(false);
  const setRegion = useCallback((region: Region) => writeJson(PREFERENCES_KEY, { ...snapshot(), region }), []);
  const setLocale = useCallback((locale: Locale) => writeJson(PREFERENCES_KEY, { ...snapshot(), locale }), []);
  const value = useMemo<PreferencesContextValue>(
    () => ({
      ...prefs,
      setRegion,
      setLocale,
      regionModalOpened,
      openRegionModal: () => setOpened(true),
      closeRegionModal: () => setOpened(false),
    }),
    [prefs, setRegion, setLocale, regionModalOpened],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const ctx = useContext(PreferencesContext);
  if (!ctx) throw new Error('usePreferences outside PreferencesProvider');
  return ctx;
}

/** The chosen region (NL or BE); packages and admin products filter on it. */
export const useRegion = (): Region => usePreferences().region;
