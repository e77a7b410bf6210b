import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DEMO_COMPANY } from '@umrah/domain/company';
import { jsonResponse, renderApp } from '../test/render';
import { useCompany } from './company';

function CompanyLine() {
  const c = useCompany();
  return (
    <p>
      {c.name} · {c.street} · {c.phone}
    </p>
  );
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('useCompany', () => {
  it('shows the details the API is configured with', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/company')
        ? jsonResponse({ ...DEMO_COMPANY, name: 'Reisbureau Test', street: 'Stationsplein 1', phone: '030 765 43 21' })
        : jsonResponse({}, 404),
    );
    renderApp(<CompanyLine />);
    expect(await screen.findByText('Reisbureau Test · Stationsplein 1 · 030 765 43 21')).toBeTruthy();
  });

  it('shows the demo details at once, and keeps them when the API does not answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Not Found', message: 'x' }, 404));
    renderApp(<CompanyLine />);
    expect(screen.getByText('Umrah Reizen · Herengracht 100 · 020 123 45 67')).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText('Umrah Reizen · Herengracht 100 · 020 123 45 67')).toBeTruthy();
  });
});
