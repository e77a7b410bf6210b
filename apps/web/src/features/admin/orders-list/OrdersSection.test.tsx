import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render';
import OrdersSection from './OrdersSection';
import type { AdminOrder } from '../orders/api';
import { orderActions } from '../orders/rules';

// Mantine renders are slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const order = (id: number, over: Partial<AdminOrder> = {}): AdminOrder => ({
  id,
  order_id: id,
  order_number: `FCU2${id}`,
  user_id: 7,
  status: 8,
  status_label: 'Aanbetaald',
  total_price: 200000,
  total_payments: 100000,
  amount_open: 100000,
  flex: { pay_partly: true, discounts: [], arabia_availibilities: [] },
  documents_complete: false,
  down_payment_allowed: false,
  down_payment_message: null,
  created_by_user_id: null,
  created_at: '2027-02-03T10:00:00.000Z',
  updated_at: '2027-02-03T10:00:00.000Z',
  user: { user_id: 7, email: 'klant@example.nl', first_name: 'Ahmed', last_name: 'Yilmaz' },
  rooms: [
    {
      id: 1,
      product_id: 501,
      room_type: 2,
      max_guests: 2,
      room_gender: 0,
      exclusive: false,
      flex: { extras: ['Ziyarat Taif'] },
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
          room_id: 1,
          product_id: 501,
          has_documents: false,
        },
        {
          id: 12,
          first_name: 'Omar',
          last_name: 'Yilmaz',
          age_category: 1,
          gender: 0,
          european_passport: false,
          bed_included: false,
          flex: { disabled: false },
          room_id: 1,
          product_id: 502,
          has_documents: false,
        },
      ],
    },
  ],
  lines: [
    {
      id: 21,
      product_id: 501,
      guest_id: 11,
      label: 'Umrah maart – 2-persoonskamer, volwassene: Ahmed Yilmaz',
      quantity: 1,
      unit_price: 150000,
      total: 150000,
      kind: 'room',
      flex: {},
    },
    {
      id: 22,
      product_id: 1,
      guest_id: 12,
      label: 'Visum niet-Europees paspoort: Omar Yilmaz',
      quantity: 1,
      unit_price: 30000,
      total: 30000,
      kind: 'non_eu_passport',
      flex: {},
    },
    {
      id: 23,
      product_id: 901,
      guest_id: null,
      label: 'Arabisch voor beginners',
      quantity: 2,
      unit_price: 10000,
      total: 20000,
      kind: 'lesson',
      flex: {},
    },
  ],
  products: [],
  crowdfunds: [{ id: 3, funding_id: 3, label: 'Waterput', funding_amount: 2500, pivot: { funding_amount: 2500 } }],
  logs: [],
  ...over,
});

/** What the fake server holds: the admin list answers from it and the actions change it. */
let db: AdminOrder[];
const fetchMock = vi.fn<typeof fetch>();
const calls = (path: string) => fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://test').pathname === path);

function serve(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://test');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/admin/orders') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase().replace(/^fcu2/, '');
    const hits = db.filter(
      (o) => !q || String(o.id) === q || o.user.email.includes(q) || `${o.user.first_name} ${o.user.last_name}`.toLowerCase().includes(q),
    );
    const orders = hits.filter((o) => o.status !== 1);
    const leads = hits.filter((o) => o.status === 1);
    return jsonResponse({ orders, total: orders.length, page: 1, pageSize: 25, leads, leads_total: leads.length });
  }
  const cancel = /^\/api\/order\/cancel\/(\d+)$/.exec(url.pathname);
  if (cancel && method === 'POST') {
    const o = db.find((x) => x.id === Number(cancel[1]))!;
    const changed = o.status !== 3;
    o.status = 3;
    return jsonResponse({
      status: 'success',
      message: changed ? 'Bestelling is geannuleerd.' : 'Deze bestelling was al geannuleerd.',
      changed,
      credit_document: o.total_payments >= o.total_price ? 'invoice_credit' : 'down_payment_credit',
    });
  }
  const edit = /^\/api\/order\/(\d+)$/.exec(url.pathname);
  if (edit && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as { flex: { discounts: string[] } };
    if (body.flex.discounts.includes('NEP')) return jsonResponse({ message: 'Deze kortingscode bestaat niet.' }, 400);
    const o = db.find((x) => x.id === Number(edit[1]))!;
    o.flex = { ...o.flex, discounts: body.flex.discounts };
    o.total_price -= 5000 * body.flex.discounts.length;
    return jsonResponse({ status: 'success', message: 'Bestelling succesvol gewijzigd.', order: o });
  }
  if (url.pathname === '/api/vouchers') {
    return jsonResponse({
      vouchers: [{ id: 1, label: 'WELKOM50', amount: 5000, expire_date: null, active: true, flex: { products: [] }, created_at: '' }],
      total: 1,
    });
  }
  return jsonResponse({ message: `niet verwacht: ${method} ${url.pathname}` }, 500);
}

beforeEach(() => {
  db = [
    order(101),
    order(102, {
      status: 3,
      total_payments: 200000,
      amount_open: 0,
      user: { user_id: 8, email: 'sara@example.nl', first_name: 'Sara', last_name: 'Bakker' },
    }),
    order(103, { status: 3, user: { user_id: 9, email: 'yusuf@example.nl', first_name: 'Yusuf', last_name: 'Amrani' } }),
    order(104, {
      status: 1,
      total_payments: 0,
      amount_open: 200000,
      user: { user_id: 10, email: 'lead@example.nl', first_name: 'Lina', last_name: 'Lead' },
    }),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => serve(input, init));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = (id: number) => document.querySelector(`tr[data-order="${id}"]`) as HTMLElement;
async function openOrder(id: number) {
  await screen.findByRole('table', { name: 'Bestellingen' });
  fireEvent.click(within(rowOf(id)).getByRole('button', { name: `Details FCU2${id}` }));
  return document.querySelector(`tr[data-order-details="${id}"]`) as HTMLElement;
}

describe('orderActions', () => {
  it('offers cancel and change actions only while the order is not cancelled', () => {
    for (const status of [0, 1, 2, 6, 8]) expect(orderActions({ status })).toEqual({ cancel: true, editDiscounts: true, addPayment: true });
    // Cancelled, declined, refunded and partly refunded orders are final (the domain's state machine).
    for (const status of [3, 4, 5, 7]) expect(orderActions({ status })).toEqual({ cancel: false, editDiscounts: false, addPayment: false });
  });
});

describe('OrdersSection', () => {
  it('lists the orders with customer, date, status and amounts, and the leads apart', async () => {
    renderApp(<OrdersSection />);
    const table = await screen.findByRole('table', { name: 'Bestellingen' });
    expect(within(table).queryByText('FCU2104')).toBeNull();
    const row = within(rowOf(101));
    expect(row.getByText('FCU2101')).toBeTruthy();
    expect(row.getByText('Ahmed Yilmaz')).toBeTruthy();
    expect(row.getByText('klant@example.nl')).toBeTruthy();
    expect(row.getByText('03-02-2027')).toBeTruthy();
    expect(row.getByText('Aanbetaald')).toBeTruthy();
    expect(row.getAllByText('€ 1.000,-')).toHaveLength(2);
    expect(row.getByText('€ 2.000,-')).toBeTruthy();
    expect(within(rowOf(102)).getByText('Geannuleerd')).toBeTruthy();
    expect(within(rowOf(101)).getByTestId('order-open').textContent).toBe('€ 1.000,-');
    expect(within(rowOf(103)).getByTestId('order-open').textContent).toBe('-');
    expect(screen.getByText('3 bestellingen')).toBeTruthy();

    // The leads: collapsed without a search, the count on the toggle; a lead is 'Lead' here.
    const toggle = screen.getByRole('button', { name: /Leads/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(toggle).getByText('1')).toBeTruthy();
    fireEvent.click(toggle);
    const leads = await screen.findByRole('table', { name: 'Leads' });
    expect(within(leads).getByText('FCU2104')).toBeTruthy();
    expect(within(leads).getByText('Lead')).toBeTruthy();
    expect(String(calls('/api/admin/orders')[0]?.[0])).toBe('/api/admin/orders?page=1&pageSize=25');
  });

  it('opens an order to its rooms, guests and lines', async () => {
    renderApp(<OrdersSection />);
    const details = within(await openOrder(101));
    expect(details.getByText('Kamer 1: 2-persoonskamer, Mannen')).toBeTruthy();
    expect(details.getByText(/Omar Yilmaz \(kind, zonder bed, geen Europees paspoort\)/)).toBeTruthy();
    expect(details.getByText("Extra's: Ziyarat Taif")).toBeTruthy();
    const lines = details.getByRole('table', { name: 'Regels van bestelling FCU2101' });
    expect(within(lines).getByText('Arabisch voor beginners')).toBeTruthy();
  });

  it('a half-paid live order: cancel and change actions, the down-payment proof, no credit documents', async () => {
    renderApp(<OrdersSection />);
    const details = within(await openOrder(101));
    expect(details.getByRole('button', { name: 'Annuleren' })).toBeTruthy();
    expect(details.getByRole('button', { name: 'Kortingen wijzigen' })).toBeTruthy();
    expect(details.getByRole('button', { name: 'Betaling toevoegen' })).toBeTruthy();
    expect(details.getByRole('button', { name: 'Aanbetalingsbewijs (PDF)' })).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Creditnota aanbetaling (PDF)' })).toBeNull();
    expect(details.queryByRole('button', { name: 'Creditfactuur (PDF)' })).toBeNull();
  });

  it('a cancelled order whose payments cover the total: no cancel or change, the credit invoice', async () => {
    renderApp(<OrdersSection />);
    const details = within(await openOrder(102));
    expect(details.queryByRole('button', { name: 'Annuleren' })).toBeNull();
    expect(details.queryByRole('button', { name: 'Kortingen wijzigen' })).toBeNull();
    expect(details.queryByRole('button', { name: 'Betaling toevoegen' })).toBeNull();
    expect(details.getByRole('button', { name: 'Creditfactuur (PDF)' })).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Creditnota aanbetaling (PDF)' })).toBeNull();
  });

  it('a cancelled order paid in part: the down-payment credit note, not the credit invoice', async () => {
    renderApp(<OrdersSection />);
    const details = within(await openOrder(103));
    expect(details.queryByRole('button', { name: 'Annuleren' })).toBeNull();
    expect(details.getByRole('button', { name: 'Creditnota aanbetaling (PDF)' })).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Creditfactuur (PDF)' })).toBeNull();
  });

  it('cancels after confirmation, shows the server message and the refreshed order', async () => {
    renderApp(<OrdersSection />);
    fireEvent.click(within(await openOrder(101)).getByRole('button', { name: 'Annuleren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestelling FCU2101 annuleren' });
    expect(dialog.textContent).toContain('de creditnota aanbetaling gaat als bijlage mee');
    expect(calls('/api/order/cancel/101')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestelling annuleren' }));
    expect(await screen.findByText('Bestelling is geannuleerd.')).toBeTruthy();
    expect(calls('/api/order/cancel/101')).toHaveLength(1);
    await waitFor(() => expect(within(rowOf(101)).getByText('Geannuleerd')).toBeTruthy());
    const details = within(document.querySelector('tr[data-order-details="101"]') as HTMLElement);
    expect(details.getByRole('button', { name: 'Creditnota aanbetaling (PDF)' })).toBeTruthy();
    expect(details.queryByRole('button', { name: 'Annuleren' })).toBeNull();
  });

  it('changes the discounts: the whole order goes back with the new codes; a refused code shows the server text', async () => {
    renderApp(<OrdersSection />);
    fireEvent.click(within(await openOrder(101)).getByRole('button', { name: 'Kortingen wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kortingen wijzigen – FCU2101' });
    const input = within(dialog).getByRole('combobox', { name: 'Kortingscodes' });
    // Mantine takes typed text only from the focused field (as a person types it).
    input.focus();

    fireEvent.change(input, { target: { value: 'NEP' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(dialog).getByText('NEP')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Deze kortingscode bestaat niet.');

    // Remove 'NEP' again; a code typed without Enter is taken along on Opslaan.
    input.focus();
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(within(dialog).queryByText('NEP')).toBeNull();
    fireEvent.change(input, { target: { value: 'WELKOM50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Bestelling succesvol gewijzigd. Nieuw totaal: € 1.950,-.')).toBeTruthy();

    const sent = calls('/api/order/101').map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      products: [901, 901],
      rooms: [
        {
          product_id: 501,
          room_type: 2,
          room_gender: 0,
          exclusive: false,
          extras: ['Ziyarat Taif'],
          guests: [
            {
              first_name: 'Ahmed',
              last_name: 'Yilmaz',
              age_category: 0,
              gender: 0,
              european_passport: true,
              bed_included: true,
              flex: { disabled: false },
            },
            {
              first_name: 'Omar',
              last_name: 'Yilmaz',
              age_category: 1,
              gender: 0,
              european_passport: false,
              bed_included: false,
              flex: { disabled: false },
            },
          ],
        },
      ],
      crowdfunds: [{ funding_id: 3, funding_amount: 2500 }],
      flex: { pay_partly: true, discounts: ['WELKOM50'], arabia_availibilities: [] },
    });
    await waitFor(() => expect(within(rowOf(101)).getByText('€ 1.950,-')).toBeTruthy());
  });

  it('searches by order number and opens the leads a search finds', async () => {
    renderApp(<OrdersSection />);
    await screen.findByRole('table', { name: 'Bestellingen' });
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'FCU2104' } });
    expect(await screen.findByText('Geen bestellingen gevonden.')).toBeTruthy();
    const leads = await screen.findByRole('table', { name: 'Leads' });
    expect(within(leads).getByText('FCU2104')).toBeTruthy();
    expect(calls('/api/admin/orders').map(([u]) => String(u))).toContain('/api/admin/orders?q=FCU2104&page=1&pageSize=25');
  });

  it('shows the load failure texts', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: 'kapot' }, 500));
    renderApp(<OrdersSection />);
    expect(await screen.findByText('Fout bij het ophalen van gegevens', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Neem contact op met ons!')).toBeTruthy();
  });
});
