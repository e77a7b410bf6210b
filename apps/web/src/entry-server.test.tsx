// Which URLs the server renders: the public pages of app/public-pages.json, articles by numeric id.
import { describe, expect, it } from 'vitest';
import { cacheKey, isServerRendered } from './entry-server';
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

describe('cacheKey', () => {
  it('drops the query parameters a page does not read, so /?x=N is one cached page', () => {
    expect(cacheKey('/?x=1')).toBe('/');
    expect(cacheKey('/?utm_source=nieuwsbrief&x=2')).toBe('/');
    expect(cacheKey('/kennis/3?fbclid=abc')).toBe('/kennis/3');
    expect(cacheKey('/over-ons')).toBe('/over-ons');
  });

  it("keeps /pakketten's own choices (month, trip, class) in a fixed order and drops the rest", () => {
    expect(cacheKey('/pakketten?x=9&klasse=1&maand=2027-03&reis=r1')).toBe('/pakketten?maand=2027-03&reis=r1&klasse=1');
    expect(cacheKey('/pakketten?maand=2027-03&gclid=1')).toBe('/pakketten?maand=2027-03');
    expect(cacheKey('/pakketten?')).toBe('/pakketten');
  });
});
