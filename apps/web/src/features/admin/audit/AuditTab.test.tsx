import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../../test/render';
import AuditTab from './AuditTab';

// The admin's audit log (docs/records.md): a page of 25 from the server, newest first, filtered by action.

vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
const calls = () =>
  fetchMock.mock.calls
    .map(([input]) => {
      const url = new URL(String(input), 'http://test');
      return `${url.pathname}${url.search}`;
    })
    .filter((c) => c !== '/api/user');

const entry = (id: number, action: string, details: Record<string, unknown>) => ({
  id,
  created_at: '2026-11-27T09:30:00.000Z',
  actor_user_id: 1,
  actor_email: 'admin@umrahreizen.nl',
  action,
  target_user_id: 7,
  details,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setToken(fakeJwt());
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test');
    if (url.pathname === '/api/user') return jsonResponse(demoUser(1));
    return jsonResponse({
      entries: [
        entry(12, 'user.role_change', { table: 'users', id: 7, before: { role: 0 }, after: { role: 2 } }),
        entry(11, 'user.update', { table: 'users', id: 7, before: { city: 'Utrecht' }, after: { city: 'Zwolle' }, acting_admin_id: 1 }),
      ],
      total: 30,
      page: Number(url.searchParams.get('page')),
      pageSize: 25,
    });
  });
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

describe('Audit-log', () => {
  it('shows who, when, what, before and after, and filters by action on the server', async () => {
    renderApp(<AuditTab />);
    const table = await screen.findByRole('table', { name: 'Audit-log' });
    const first = within(table).getByText('user.role_change').closest('tr')!;
    expect(within(first).getByText('admin@umrahreizen.nl')).toBeTruthy();
    expect(within(first).getByText('users #7')).toBeTruthy();
    expect(within(first).getByText(/"role": 0/)).toBeTruthy();
    expect(within(first).getByText(/"role": 2/)).toBeTruthy();
    // 10:30 in Amsterdam for 09:30 UTC.
    expect(within(first).getByText(/10:30:00/)).toBeTruthy();
    expect(within(table).getByText(/inloggen als' door beheerder #1/)).toBeTruthy();
    expect(screen.getByText('30 regels')).toBeTruthy();
    expect(calls()).toEqual(['/api/admin/audit?page=1&pageSize=25']);

    fireEvent.change(screen.getByRole('textbox', { name: 'Filter op actie' }), { target: { value: 'payment.' } });
    await waitFor(() => expect(calls()).toContain('/api/admin/audit?action=payment.&page=1&pageSize=25'));
  });
});
