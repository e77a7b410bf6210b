import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MY_TRIP_MSG } from '@umrah/domain/validation/my-trip';
import { demoUser, fakeJwt, jsonResponse, renderApp } from '../../../test/render';
import type { TripDetail } from './api';
import { TripInfoSection } from './TripInfoSection';

vi.setConfig({ testTimeout: 30_000 });

// The trip page's 'Reisinformatie' tab: the practical details form checks with the API's schema
// before it sends, and sends exactly the fields; the visa PDF list shows who has one.

const START = '2027-03-10';
const saved = {
  start_date: START,
  flight: 'TK1952',
  meeting_point: '',
  leader_name: 'Karim',
  leader_phone: '',
  programme: '',
  updated_at: null,
  updated_by: null,
  visa_pdf_guest_ids: [11],
};
const guest = (id: number, first: string) => ({
  id,
  first_name: first,
  last_name: 'Amrani',
  gender: 1,
  age_category: 0,
  bed_included: true,
  has_documents: true,
  wheelchair: false,
});
const detail = {
  trip: {},
  stats: {},
  orders: [{ id: 5, number: 'FCU25', rooms: [{ id: 1, guests: [guest(11, 'Zainab'), guest(12, 'Hafsa')] }] }],
} as unknown as TripDetail;

let calls: { method: string; url: string; body: unknown }[];

// Mantine's autosize textarea listens for web fonts, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} }, configurable: true });
}

beforeEach(() => {
  calls = [];
  window.localStorage.setItem('token', fakeJwt());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/user') return jsonResponse(demoUser(1));
      if (method === 'PUT') return jsonResponse({ ...saved, ...(JSON.parse(String(init.body)) as object), updated_at: '2026-11-27T10:00:00.000Z' });
      return jsonResponse(saved);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('TripInfoSection', () => {
  it('refuses a phone number nobody can call with the shared message, then saves the fields', async () => {
    renderApp(<TripInfoSection start={START} detail={detail} />);
    const phone = await screen.findByLabelText('Telefoon reisleider');
    expect((screen.getByLabelText('Vluchtgegevens') as HTMLTextAreaElement).value).toBe('TK1952');
    fireEvent.change(phone, { target: { value: 'bel me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MY_TRIP_MSG.phone)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(phone, { target: { value: '+31 6 12345678' } });
    fireEvent.change(screen.getByLabelText('Verzamelpunt'), { target: { value: 'Schiphol, vertrekhal 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/admin/trips/${START}/details`);
    expect(put.body).toEqual({
      flight: 'TK1952',
      meeting_point: 'Schiphol, vertrekhal 3',
      leader_name: 'Karim',
      leader_phone: '+31 6 12345678',
      programme: '',
    });
  });

  it('lists every guest with whether their visa PDF is there', async () => {
    renderApp(<TripInfoSection start={START} detail={detail} />);
    const table = await screen.findByRole('table', { name: 'Visum (PDF) per reiziger' });
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Zainab Amrani');
    expect(rows[0]!.textContent).toContain('Aanwezig');
    expect(rows[1]!.textContent).toContain('Nog niet');
    expect(screen.getByRole('button', { name: 'Visum (PDF) verwijderen van Zainab Amrani' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Visum (PDF) verwijderen van Hafsa Amrani' })).toBeNull();
  });
});
