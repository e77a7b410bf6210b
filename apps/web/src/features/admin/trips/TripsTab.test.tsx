import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render';
import type { MergedRooms, RoomDto, TripDetail, TripSummary } from './api';
import TripsTab from './TripsTab';

vi.setConfig({ testTimeout: 30_000 });

const trip: TripSummary = {
  start_date: '2027-03-04',
  end_date: '2027-03-18',
  label: 'Umrah maart 2027',
  region: 'NL',
  regions: ['NL'],
  year: 2027,
  month: 2,
  guests_booked: 4,
  places: 20,
  orders: 2,
};

const g = (id: number, first_name: string, gender: number) => ({
  id,
  first_name,
  last_name: 'Test',
  gender,
  age_category: 0,
  bed_included: true,
  has_documents: id === 11,
  wheelchair: id === 22,
});

const detail: TripDetail = {
  trip,
  orders: [
    {
      id: 1,
      number: 'FCU21',
      status: 8,
      status_label: 'Aanbetaald',
      customer: { name: 'Ali Test', email: 'ali@example.nl' },
      total_price: 300000,
      total_payments: 150000,
      open_amount: 150000,
      documents_complete: false,
      rooms: [{ id: 10, room_type: 2, room_gender: 0, exclusive: false, class: 'Firstclass', guests: [g(11, 'Ali', 0), g(12, 'Omar', 0)] }],
    },
    {
      id: 2,
      number: 'FCU22',
      status: 2,
      status_label: 'Voltooid',
      customer: { name: 'Sara Test', email: 'sara@example.nl' },
      total_price: 300000,
      total_payments: 300000,
      open_amount: 0,
      documents_complete: false,
      rooms: [{ id: 20, room_type: 3, room_gender: 0, exclusive: false, class: 'Firstclass', guests: [g(21, 'Bilal', 0), g(22, 'Hamza', 0)] }],
    },
  ],
  stats: {
    orders: 2,
    guests: 4,
    down_payments: 1,
    full_payments: 1,
    paid_amount: 450000,
    open_amount: 150000,
    documents_complete: 1,
    documents_missing: 3,
    wheelchairs: 1,
  },
};

const dto = (key: string, max_guests: number, ids: number[], flex = {}): RoomDto => ({
  key,
  existing_id: null,
  max_guests,
  kind: 'male',
  exclusive: false,
  wheelchair: ids.includes(22),
  flex,
  order_ids: [],
  guests: ids.map((id) => ({
    guest_id: id,
    order_id: null,
    first_name: '',
    last_name: '',
    gender: 0,
    age_category: 0,
    wheelchair: false,
    present: true,
  })),
});

let trips: TripSummary[];
let refuseSave = false;
let saved: { version: number; created_at: string; rooms: RoomDto[] }[];
const fetchMock = vi.fn<typeof fetch>();
const posts = (path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => new URL(String(input), 'http://test').pathname === path && init?.method === 'POST');

function merged(version?: number): MergedRooms {
  const pick = version ? saved.find((v) => v.version === version) : saved[saved.length - 1];
  return {
    start_date: trip.start_date,
    versions: [...saved].reverse().map((v, i) => ({
      version: v.version,
      created_at: v.created_at,
      created_by: 'admin@umrahreizen.nl',
      rooms_count: v.rooms.length,
      guests_count: v.rooms.reduce((n, r) => n + r.guests.length, 0),
      latest: i < 4,
    })),
    current: pick ? { version: pick.version, created_at: pick.created_at, created_by: null, rooms: pick.rooms, problems: [] } : null,
  };
}

function serve(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://test');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/admin/trips') return jsonResponse({ trips });
  if (url.pathname === `/api/admin/trips/${trip.start_date}`) return jsonResponse(detail);
  if (url.pathname === `/api/admin/trips/${trip.start_date}/rooming/proposal` && method === 'POST') {
    return jsonResponse({
      start_date: trip.start_date,
      rooms: [dto('kamer-1', 2, [11, 12]), dto('kamer-2', 3, [21, 22])],
      warnings: [{ code: 'not_full', message: 'kamer-2: 2 van 3 bedden bezet.' }],
      problems: [],
    });
  }
  if (url.pathname === '/api/merged_rooms' && method === 'GET') {
    const v = url.searchParams.get('version');
    return jsonResponse(merged(v ? Number(v) : undefined));
  }
  if (url.pathname === '/api/merged_rooms' && method === 'POST') {
    if (refuseSave) {
      return jsonResponse(
        {
          message: 'Hamza Test is niet ingedeeld in een kamer.',
          details: [
            { path: 'rooms', message: 'Hamza Test is niet ingedeeld in een kamer.' },
            { path: 'rooms', message: 'Kamer 1 is leeg.' },
          ],
        },
        400,
      );
    }
    const body = JSON.parse(String(init?.body)) as { rooms: { max_guests: number; flex: string; guests: { guest_id: number }[] }[] };
    saved.push({
      version: saved.length + 1,
      created_at: '2027-01-05T10:00:00.000Z',
      rooms: body.rooms.map((r, i) =>
        dto(
          `kamer-${i + 1}`,
          r.max_guests,
          r.guests.map((x) => x.guest_id),
          JSON.parse(r.flex),
        ),
      ),
    });
    return jsonResponse({ message: 'Kamers zijn samengevoegd voor de periode 04-03-2027 t/m 18-03-2027. Er is een mail naar het kantoor gestuurd.' });
  }
  return jsonResponse({ message: `niet verwacht: ${method} ${url.pathname}` }, 500);
}

beforeEach(() => {
  trips = [
    trip,
    { ...trip, start_date: '2026-11-05', end_date: '2026-11-19', label: 'Umrah november 2026', region: 'BE', regions: ['BE'], year: 2026, month: 10 },
  ];
  saved = [];
  refuseSave = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => serve(input, init));
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const open = () => renderApp(<TripsTab />, { path: '/admin', route: '/admin?tab=reisoverzichten' });

describe('trip cards', () => {
  it('shows one link per trip with month, flag, label, year and bookings; past trips apart', async () => {
    open();
    const card = await screen.findByRole('link', { name: 'Umrah maart 2027, maart 2027, Nederland, 4 / 20 geboekt' });
    expect(within(card).getByRole('img', { name: 'Vlag van Nederland' })).toBeTruthy();
    expect(within(card).getByText('4 / 20 geboekt')).toBeTruthy();
    expect(card.querySelector('[data-month="3"]')).toBeTruthy();
    const past = screen.getByRole('list', { name: 'Eerdere reizen' });
    expect(within(past).getByRole('img', { name: 'Vlag van België' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Komende reizen' })).getAllByRole('link')).toHaveLength(1);
  });

  it('says so when there are no trips', async () => {
    trips = [];
    open();
    expect(await screen.findByText('Er zijn nog geen reizen met aanbetaalde of betaalde bestellingen.')).toBeTruthy();
  });
});

describe('trip page', () => {
  it('shows the order cards and the statistics', async () => {
    open();
    fireEvent.click(await screen.findByRole('link', { name: /^Umrah maart 2027/ }));
    expect(await screen.findByRole('heading', { name: 'Umrah maart 2027' })).toBeTruthy();
    const order = screen.getByRole('article', { name: 'FCU21' });
    expect(within(order).getByText('Aanbetaald')).toBeTruthy();
    expect(within(order).getByTestId('order-open').textContent).toBe('€ 1.500,-');
    expect(within(order).getByText('Documenten compleet')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'FCU22' })).getByTestId('wheelchair')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Statistieken' }));
    const stats = await screen.findByRole('dialog', { name: 'Statistieken – Umrah maart 2027' });
    expect(within(stats).getByText('Aanbetalingen').nextElementSibling?.textContent).toBe('1');
    expect(within(stats).getByText('Betaald bedrag').nextElementSibling?.textContent).toBe('€ 4.500,-');
  });

  it('makes a rooming list, moves a guest, refuses a full room, saves two versions and opens the first', async () => {
    renderApp(<TripsTab />, { path: '/admin', route: '/admin?tab=reisoverzichten&reis=2027-03-04' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Kamerindeling' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Indeling maken' }));
    const room1 = await screen.findByRole('region', { name: /^Kamer 1 – 2-persoonskamer, Mannen/ });
    expect(screen.getByText('kamer-2: 2 van 3 bedden bezet.')).toBeTruthy();

    // Kamer 1 is full: Bilal cannot move there (the option is disabled, and the edit is refused).
    const bilal = screen.getByRole('combobox', { name: 'Kamer van Bilal Test' }) as HTMLSelectElement;
    expect([...bilal.options].find((o) => o.value === 'kamer-1')?.disabled).toBe(true);
    fireEvent.change(bilal, { target: { value: 'kamer-1' } });
    expect(await screen.findByText('Kamer 1 is vol (2 bedden). Wissel de gast met iemand in die kamer.')).toBeTruthy();

    // Omar moves to Kamer 2; then Ali and Hamza swap.
    fireEvent.change(within(room1).getByRole('combobox', { name: 'Kamer van Omar Test' }), { target: { value: 'kamer-2' } });
    const room2 = screen.getByRole('region', { name: /^Kamer 2/ });
    await waitFor(() => expect(within(room2).getByText('Omar Test')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Ali Test wisselen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wissel Ali Test met Hamza Test' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: /^Kamer 1/ })).getByText('Hamza Test')).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: 'Kamernummer Mekka van Kamer 1' }), { target: { value: '512' } });

    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText(/^Kamers zijn samengevoegd voor de periode 04-03-2027 t\/m 18-03-2027/, { selector: '.mantine-Alert-message' }),
    ).toBeTruthy();
    const body = JSON.parse(String(posts('/api/merged_rooms')[0]?.[1]?.body));
    expect(body).toEqual({
      start_date: '2027-03-04',
      rooms: [
        { flex: '{"room_mekka":"512","room_medina":""}', existing_id: null, max_guests: 2, kind: 'male', guests: [{ guest_id: 22 }] },
        {
          flex: '{"room_mekka":"","room_medina":""}',
          existing_id: null,
          max_guests: 3,
          kind: 'male',
          guests: [{ guest_id: 21 }, { guest_id: 11 }, { guest_id: 12 }],
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(posts('/api/merged_rooms')).toHaveLength(2));

    fireEvent.click(screen.getByRole('radio', { name: /^Versies/ }));
    const list = await screen.findByRole('list', { name: 'Opgeslagen versies' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Versie 2');

    fireEvent.click(within(list).getByRole('button', { name: 'Versie 1 openen' }));
    await waitFor(() => expect(screen.getByTestId('rooming-state').textContent).toMatch(/^Versie 1 · 2 kamers · 4 gasten ingedeeld/));

    fireEvent.click(screen.getByRole('radio', { name: 'Voorbeeld' }));
    const page1 = await screen.findByRole('region', { name: 'Pagina 1 van 1' });
    expect(within(page1).getByText('Mekka: 512 · Medina: –')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF downloaden' })).toBeTruthy();
  });

  it("shows the server's rule breaks in Dutch when a save is refused, and keeps the edits", async () => {
    refuseSave = true;
    renderApp(<TripsTab />, { path: '/admin', route: '/admin?tab=reisoverzichten&reis=2027-03-04' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Kamerindeling' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Indeling maken' }));
    await screen.findByRole('region', { name: /^Kamer 1/ });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    // (Success notifications of earlier tests may still be around: the editor's alert is the one titled 'Niet gelukt'.)
    const alert = (await screen.findByText('Niet gelukt')).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('Hamza Test is niet ingedeeld in een kamer.');
    expect(within(alert).getByText('Kamer 1 is leeg.')).toBeTruthy();
    expect(within(alert).queryAllByText('Hamza Test is niet ingedeeld in een kamer.')).toHaveLength(1);
    expect(screen.getByTestId('rooming-state').textContent).toMatch(/^Nieuw voorstel \(niet opgeslagen\)/);
  });
});
