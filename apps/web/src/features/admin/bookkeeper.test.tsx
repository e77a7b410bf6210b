import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../test/render';
import AdminPage from '../../pages/AdminPage';
import { RequireAuth } from '../auth/RequireAuth';
import { filenameOf } from './exports/api';

// The bookkeeper (docs/RULES.md, 'Roles') (role 2) at /admin sees Facturen, Betalingen and Bestellingen only, with
// every write control hidden; the admin sees the same screens with them.

vi.setConfig({ testTimeout: 30_000 });

const order = {
  id: 42,
  order_number: 'FCU242',
  user_id: 7,
  status: 8,
  status_label: 'Aanbetaald',
  total_price: 200000,
  total_payments: 100000,
  amount_open: 100000,
  flex: { pay_partly: true, discounts: [], arabia_availibilities: [] },
  created_at: '2027-02-03T10:00:00.000Z',
  user: { user_id: 7, email: 'klant@example.nl', first_name: 'Ahmed', last_name: 'Yilmaz' },
  rooms: [
    {
      id: 1,
      product_id: 501,
      room_type: 2,
      max_guests: 2,
      room_gender: 0,
      exclusive: false,
      flex: {},
      guests: [
        {
          id: 11,
          first_name: 'Ahmed',
          last_name: 'Yilmaz',
          age_category: 0,
          gender: 0,
          european_passport: true,
          bed_included: true,
          flex: { disabled: false },
          has_documents: true,
        },
      ],
    },
  ],
  lines: [],
  crowdfunds: [],
  logs: [],
};
const payment = {
  id: 5,
  order_id: 42,
  invoice_id: null,
  payment_type: 0,
  type_text: 'Contant',
  amount: 121000,
  created_at: '2027-02-03T10:00:00.000Z',
  name: 'Ahmed Yilmaz',
  email: 'klant@example.nl',
};

const fetchMock = vi.fn<typeof fetch>();
function serve(role: 1 | 2) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test');
    switch (url.pathname) {
      case '/api/user':
        return jsonResponse(demoUser(role));
      case '/api/admin/orders':
        return jsonResponse({ orders: [order], total: 1, page: 1, pageSize: 25, leads: [], leads_total: 0 });
      case '/api/payments':
        return jsonResponse({ payments: [payment], total: 1, page: 1, pageSize: 25 });
      case '/api/invoices/admin':
        return jsonResponse({ invoices: [], total: 0, page: 1, pageSize: 25 });
      case '/api/order/42/logs':
        return jsonResponse({ logs: [] });
      default:
        return jsonResponse({ mails: [], total: 0, crowdfunds: [] });
    }
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setToken(fakeJwt());
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

const renderAdmin = (tab?: string) =>
  renderApp(
    <RequireAuth roles={[1, 2]}>
      <AdminPage />
    </RequireAuth>,
    { path: '/admin', route: tab ? `/admin?tab=${tab}` : '/admin' },
  );

describe('the bookkeeper at /admin', () => {
  it('sees only Facturen, Betalingen and Bestellingen, Facturen first', async () => {
    serve(2);
    renderAdmin();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Facturen/aanbetalingsbewijzen', 'Betalingen', 'Bestellingen']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Offertes en facturen als CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Offertes en facturen als Excel (XLSX)' })).toBeTruthy();
  });

  it('a ?tab= of an admin-only tab falls back to Facturen', async () => {
    serve(2);
    renderAdmin('producten');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.some((t) => t.textContent === 'Producten')).toBe(false);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('Betalingen: the list and the exports, no add, change or delete', async () => {
    serve(2);
    renderAdmin('betalingen');
    const table = await screen.findByRole('table', { name: 'Betalingen' }, { timeout: 8000 });
    expect(within(table).getByText('FCU242')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Betaling toevoegen' })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Betalingen als CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Betalingen als Excel (XLSX)' })).toBeTruthy();
  });

  it('Bestellingen: an order opens with its documents, without actions or passports', async () => {
    serve(2);
    renderAdmin('bestellingen');
    fireEvent.click(await screen.findByRole('button', { name: 'Details FCU242' }, { timeout: 8000 }));
    await screen.findByText(/Ahmed Yilmaz \(volwassene/);
    for (const name of [
      'Annuleren',
      'Kortingen wijzigen',
      'Betaling toevoegen',
      'Snel bewerken',
      'Herinneringen betaling',
      'Herinneringen documenten',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('group', { name: 'Acties' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Documenten (van|resetten)/ })).toBeNull();
  });

  it('a range the API would refuse is refused in the form, in Dutch, without a download', async () => {
    serve(2);
    renderAdmin('betalingen');
    const to = await screen.findByRole('textbox', { name: 'Tot en met' });
    fireEvent.change(to, { target: { value: '' } });
    fireEvent.blur(to);
    const from = screen.getByRole('textbox', { name: 'Van' });
    fireEvent.change(from, { target: { value: '01-01-2020' } });
    fireEvent.blur(from);
    fireEvent.click(screen.getByRole('button', { name: 'Betalingen als CSV' }));
    await waitFor(() => expect(screen.getByText(/Vul een geldige einddatum in\.|De periode mag hoogstens 2 jaar zijn\./)).toBeTruthy());
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/admin/exports/'))).toBe(false);
  });
});

describe('the admin sees the write controls the bookkeeper does not', () => {
  it('all nine tabs and the audit log, and on Betalingen add, change and delete', async () => {
    serve(1);
    renderAdmin('betalingen');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(10);
    expect(tabs.at(-1)!.textContent).toBe('Audit-log');
    expect(await screen.findByRole('button', { name: 'Betaling toevoegen' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Betalingen' }, { timeout: 8000 });
    expect(within(table).getByRole('button', { name: 'Wijzigen' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Verwijderen' })).toBeTruthy();
  });
});

describe('filenameOf', () => {
  it('takes the server filename, else the fallback', () => {
    expect(filenameOf('attachment; filename="betalingen_2025-01-01_2025-12-31.csv"', 'x.csv')).toBe('betalingen_2025-01-01_2025-12-31.csv');
    expect(filenameOf(null, 'x.csv')).toBe('x.csv');
  });
});
