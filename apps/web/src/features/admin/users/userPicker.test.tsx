import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers, createQueryClient } from '../../../app/Providers';
import { jsonResponse } from '../../../test/render';
import { userPickerQuery } from './api';
import { QuoteFormModal } from '../quotes/QuoteFormModal';

vi.setConfig({ testTimeout: 30_000 });

// A shared query key: /admin-winkelwagen and 'Offerte toevoegen' shared the key ['admin','user-picker',q] for
// different shapes (a page object and a list), so the second screen crashed on the first one's data.
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    jsonResponse({ users: [{ user_id: 7, email: 'klant@example.nl', first_name: 'Ahmed', last_name: 'Yilmaz', role: 0 }], total: 1, page: 1 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the admin user picker', () => {
  it('keeps one shape under its key, so the quote form opens on a cache the admin cart filled', async () => {
    const queryClient = createQueryClient();
    // What the admin cart does first.
    const users = await queryClient.fetchQuery(userPickerQuery(''));
    expect(Array.isArray(users)).toBe(true);
    expect(queryClient.getQueryData(userPickerQuery('').queryKey)).toEqual(users);
    // Then the quote form, within the cache's lifetime, on the same client: no crash, the user is an option.
    render(
      <Providers queryClient={queryClient}>
        <QuoteFormModal onClose={() => undefined} />
      </Providers>,
    );
    const picker = await screen.findByRole('combobox', { name: /^Gebruiker/ }, { timeout: 10_000 });
    picker.focus();
    fireEvent.click(picker);
    await waitFor(() => {
      const list = document.getElementById(picker.getAttribute('aria-controls') ?? '');
      const options = [...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])].map((o) => o.textContent);
      expect(options.some((t) => t?.includes('klant@example.nl'))).toBe(true);
    });
    // Served from the cache the admin cart filled: no second request.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
