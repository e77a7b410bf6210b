/**
 * The user timing main.tsx sets from hydrateRoot (the mark) until the page works (the measure): the
 * page-speed bench (bench/pagespeed.ts) reads the main thread's time of hydration from it. A module of
 * its own: lib/hydrating.ts is shared with the island script, which has no use for these.
 */
export const HYDRATION_START_MARK = 'umrah-hydration-start';
export const HYDRATION_MEASURE = 'umrah-hydration';
