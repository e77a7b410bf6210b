import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDto } from '@umrah/domain/validation/product';
import PackagesPage from '../../pages/PackagesPage';
import { writeJson } from '../../lib/storage';
import { jsonResponse, renderApp } from '../../test/render';
import { PREFERENCES_KEY } from '../preferences/PreferencesProvider';

let id = 1000;
const product = (over: Partial<ProductDto>): ProductDto => ({
  product_id: ++id,
  id,
  type: 2,
  label: 'Umrah maart Firstclass',
  description: 'Reis',
  start: '2027-03-10',
  end: '2027-03-24',
  payment_deadline: '2027-01-27',
  stock: 10,
  price: 189500,
  is_active: true,
  region: 'NL',
  currency: 'EUR',
  created_at: '2027-01-01T00:00:00.000Z',
  flex: { hotels: [0, 3], bulletpoints: [{ label: 'Vlucht', description: 'Retour' }], priority: 0, type_class: 0, extras: [], region: 'NL' },
  ...over,
});

const NL = [product({}), product({ type: 8, price: 164500 }), product({ start: '2027-02-10', end: '2027-02-24', stock: 0 })];
const BE = [product({ label: 'Umrah maart (vanuit Brussel)', price: 194500, region: 'BE' })];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2027, 0, 15, 12));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test');
    return jsonResponse({ products: url.searchParams.get('region') === 'BE' ? BE : NL });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PackagesPage', () => {
  it('shows the month tiles of the region and leads from month to trip, class and package card', async () => {
    renderApp(<PackagesPage />, { path: '/pakketten', route: '/pakketten' });
    const march = await screen.findByTestId('maand-2027-03');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/products?region=NL');
    expect(march.textContent).toContain('Bekijk aanbod');
    expect(screen.getByTestId('maand-2027-02').textContent).toContain('Uitverkocht!');
    expect(screen.getByTestId('maand-2027-01').textContent).toContain('Binnenkort online');
    // January to August, May skipped: seven months and the custom tile.
    expect(screen.queryByTestId('maand-2027-05')).toBeNull();
    expect(screen.getByTestId('maand-2027-08')).toBeTruthy();

    fireEvent.click(march);
    fireEvent.click(await screen.findByTestId('reis-2027-03-10_2027-03-24'));
    fireEvent.click(screen.getByRole('radio', { name: /Firstclass/ }));
    const card = await screen.findByRole('article', { name: 'Umrah maart Firstclass' });
    expect(within(card).getByTestId('vanaf-prijs').textContent).toBe('€ 1.645,-');
    expect(card.textContent).toContain('10-03-2027');
    expect(card.textContent).toContain('Swissôtel Makkah');
    expect(screen.getByRole('radio', { name: /Premiumclass/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it('refetches for BE when the region changes', async () => {
    renderApp(<PackagesPage />, { path: '/pakketten', route: '/pakketten?maand=2027-03&reis=2027-03-10_2027-03-24&klasse=0' });
    await screen.findByRole('article', { name: 'Umrah maart Firstclass' });
    // What 'Regio en taal' does on Opslaan.
    act(() => writeJson(PREFERENCES_KEY, { region: 'BE', locale: 'nl' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Umrah maart (vanuit Brussel)' })).toBeTruthy());
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/products?region=BE');
    expect(screen.queryByRole('article', { name: 'Umrah maart Firstclass' })).toBeNull();
  });
});
