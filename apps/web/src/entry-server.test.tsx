// Which URLs the server renders: the public pages of app/public-pages.json, articles by numeric id.
import { describe, expect, it } from 'vitest';
import { isServerRendered } from './entry-server';
import PUBLIC_PAGES from './app/public-pages.json';

describe('isServerRendered', () => {
  it('takes every public page, with or without a trailing slash', () => {
    for (const path of Object.keys(PUBLIC_PAGES).map((p) => p.replace(':kennisId', '12'))) {
      expect(isServerRendered(path), path).toBe(true);
      if (path !== '/') expect(isServerRendered(`${path}/`), `${path}/`).toBe(true);
    }
  });

  it('leaves an article with another id than a number, and every other route, to the browser', () => {
    for (const path of [
      '/kennis/abc',
      '/kennis/12abc',
      '/kennis/12/x',
      '/winkelwagen',
      '/afrekenen',
      '/admin',
      '/account/bestellingen',
      '/onbekend',
      '/contact/x',
    ]) {
      expect(isServerRendered(path), path).toBe(false);
    }
  });
});
