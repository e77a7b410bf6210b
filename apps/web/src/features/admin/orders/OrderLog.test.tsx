import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render';
import { OrderLog, logTime, type OrderLogEntry } from './OrderLog';

vi.setConfig({ testTimeout: 30_000 });

const entry = (id: number, over: Partial<OrderLogEntry> = {}): OrderLogEntry => ({
  id,
  order_id: 5,
  type: 0,
  message: `Gebeurtenis ${id}`,
  user_executed_mail: 'admin@example.nl',
  created_at: '2027-03-01T09:05:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('OrderLog', () => {
  it('shows the order log newest first, with who did it and the reminder type', () => {
    renderApp(
      <OrderLog
        order={{
          id: 5,
          order_number: 'FCU25',
          logs: [
            entry(1, { message: 'Bestelling aangemaakt: € 1.000,-.', user_executed_mail: 'klant@example.nl' }),
            entry(2, { type: 7, message: 'Eerste betalingsherinnering verstuurd.' }),
            entry(3, { message: 'Lead verlopen.', user_executed_mail: null }),
          ],
        }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Logboek van bestelling FCU25' });
    const items = region.querySelectorAll('[data-order-log]');
    expect([...items].map((i) => i.getAttribute('data-order-log'))).toEqual(['3', '2', '1']);
    expect(within(region).getByText('Eerste betalingsherinnering verstuurd.')).toBeTruthy();
    expect(within(region).getByText('Betaling: 1e herinnering')).toBeTruthy();
    expect(within(region).getByText(/klant@example\.nl/)).toBeTruthy();
    expect(within(region).getByText(/systeem/)).toBeTruthy();
    expect(within(region).getAllByText(/01-03-2027 10:05/)).toHaveLength(3);
  });

  it('fetches the log when the order came without it', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ logs: [entry(9, { message: 'Bestelling geannuleerd.' })] }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<OrderLog order={{ id: 5, order_number: 'FCU25' }} />);
    await waitFor(() => expect(screen.getByText('Bestelling geannuleerd.')).toBeTruthy());
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://test').pathname).toBe('/api/order/5/logs');
  });

  it('says so when there is nothing yet', () => {
    renderApp(<OrderLog order={{ id: 5, order_number: 'FCU25', logs: [] }} />);
    expect(screen.getByText('Nog geen gebeurtenissen.')).toBeTruthy();
  });

  it('formats times in Dutch time as DD-MM-YYYY HH:mm', () => {
    expect(logTime('2027-07-01T22:30:00.000Z')).toBe('02-07-2027 00:30');
  });
});
