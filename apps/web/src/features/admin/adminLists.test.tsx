import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/api';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../test/render';
import PaymentsTab from './payments/PaymentsTab';
import ProductsTab from './products/ProductsTab';
import UsersTab from './users/UsersTab';
import VouchersTab from './vouchers/VouchersTab';

// The admin lists on the admin kit (docs/ARCHITECTURE.md): the same requests as before (q, page, pageSize), the
// search debounced and back to page 1, the pages, the empty and failure states, the delete dialog.

vi.setConfig({ testTimeout: 30_000 });

const customer = (id: number) => ({ ...demoUser(0), user_id: id, email: `klant${id}@example.nl`, last_name: `Klant ${id}` });

const fetchMock = vi.fn<typeof fetch>();
/** Requests other than GET /api/user, as 'METHOD path?query'. */
const calls = () =>
  fetchMock.mock.calls
    .map(([input, init]) => {
      const url = new URL(String(input), 'http://test');
      return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    })
    .filter((c) => c !== 'GET /api/user');

function serve(routes: Record<string, (url: URL, init?: RequestInit) => Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://test');
    if (url.pathname === '/api/user') return jsonResponse(demoUser(1));
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return route ? route(url, init) : jsonResponse({ message: 'niet gevonden' }, 404);
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

describe('Gebruikers', () => {
  it('asks the server for a page of 25, searches after typing (back to page 1) and pages on', async () => {
    serve({
      'GET /api/users': (url) => {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse({ users: [customer(page * 10), customer(page * 10 + 1)], total: 60, page, pageSize: 25 });
      },
    });
    renderApp(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'Gebruikers' });
    expect(within(table).getByText('klant10@example.nl')).toBeTruthy();
    expect(screen.getByText('60 gebruikers')).toBeTruthy();
    expect(calls()).toEqual(['GET /api/users?page=1&pageSize=25']);

    fireEvent.click(within(screen.getByLabelText("Pagina's")).getByRole('button', { name: '2' }));
    await screen.findByText('klant20@example.nl');
    expect(calls()).toContain('GET /api/users?page=2&pageSize=25');

    fireEvent.change(screen.getByRole('textbox', { name: 'Zoeken' }), { target: { value: 'klant' } });
    await waitFor(() => expect(calls()).toContain('GET /api/users?q=klant&page=1&pageSize=25'));
  });

  it('deletes after confirmation and says so', async () => {
    serve({
      'GET /api/users': () => jsonResponse({ users: [customer(7)], total: 1, page: 1, pageSize: 25 }),
      'DELETE /api/user/7': () => jsonResponse({ message: 'Gebruiker is verwijderd.' }),
    });
    renderApp(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'Gebruikers' });
    expect(screen.getByText('1 gebruiker')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker verwijderen' });
    expect(within(dialog).getByText(/klant7@example\.nl wilt verwijderen/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await screen.findByText('Gebruiker is verwijderd.');
    expect(calls()).toContain('DELETE /api/user/7');
  });
});

describe('Kortingscodes', () => {
  it('shows the empty state, and the load failure', async () => {
    serve({ 'GET /api/vouchers': () => jsonResponse({ vouchers: [], total: 0, page: 1, pageSize: 25 }) });
    const first = renderApp(<VouchersTab />);
    await screen.findByText('Geen kortingscodes gevonden.');
    expect(calls()).toEqual(['GET /api/vouchers?page=1&pageSize=25']);
    first.unmount();

    serve({ 'GET /api/vouchers': () => jsonResponse({ message: 'kapot' }, 500) });
    renderApp(<VouchersTab />);
    await screen.findByText('Fout bij het ophalen van gegevens', undefined, { timeout: 10_000 });
  });
});

describe('Betalingen', () => {
  it('searches by order number: FCU242 asks for order 42, other text asks nothing and says why', async () => {
    serve({ 'GET /api/payments': () => jsonResponse({ payments: [], total: 0, page: 1, pageSize: 25 }) });
    renderApp(<PaymentsTab />);
    await screen.findByText('Er zijn geen betalingen gevonden.');
    const box = screen.getByRole('textbox', { name: 'Zoek op bestelnummer' });
    fireEvent.change(box, { target: { value: 'FCU242' } });
    await waitFor(() => expect(calls()).toContain('GET /api/payments?order_id=42&page=1&pageSize=25'));
    const before = calls().length;
    fireEvent.change(box, { target: { value: 'abc' } });
    await screen.findByText('Vul een bestelnummer in, bijvoorbeeld FCU2123.');
    expect(calls()).toHaveLength(before);
  });
});

describe('Producten', () => {
  it('asks for the region and the label searched, and groups the products by title and period', async () => {
    const product = (id: number, type: number) => ({
      id,
      label: 'Umrah maart',
      type,
      price: 123450,
      stock: 10,
      is_active: true,
      start: '2027-03-01',
      end: '2027-03-10',
      flex: { type_class: 0 },
    });
    serve({ 'GET /api/admin/products': () => jsonResponse({ products: [product(501, 0), product(502, 1)] }) });
    renderApp(<ProductsTab />);
    const group = await screen.findByTestId('product-groep');
    expect(group.textContent).toContain('2 producten');
    fireEvent.change(screen.getByRole('textbox', { name: 'Zoeken op label' }), { target: { value: ' maart ' } });
    await waitFor(() => expect(calls().some((c) => /^GET \/api\/admin\/products\?region=\w+&q=maart$/.test(c))).toBe(true));
  });
});
