import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/api';
import { fakeJwt, jsonResponse, renderApp } from '../../../test/render';
import type { OpenOrder } from './api';
import { RemindSelectionModal } from './RemindSelectionModal';

vi.setConfig({ testTimeout: 30_000 });

const order = (id: number): OpenOrder => ({
  id,
  order_number: `FCU2${id}`,
  status: 1,
  customer: { name: 'Ahmed Yilmaz', email: 'klant@example.nl' },
  trip_start: '2027-03-10',
  trip_label: 'Umrah maart',
  deadline: '2027-01-10',
  total_price: 100000,
  total_payments: 0,
  amount_open: 100000,
  last_reminder: null,
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  setToken(fakeJwt());
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe("'Openstaand': the reminder to a selection", () => {
  it('asks once, sends the orders in parts with the chosen step, shows the progress and the skipped orders with their note', async () => {
    const bodies: { orders: number[]; amount_sent: number }[] = [];
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { orders: number[]; amount_sent: number };
      bodies.push(body);
      const paid = body.orders.filter((id) => id === 3);
      return jsonResponse({
        status: 'success',
        message: 'x',
        sent: body.orders.filter((id) => id !== 3).map((id) => ({ order_id: id, type: 6 + body.amount_sent })),
        skipped: paid.map((id) => ({ order_id: id, reason: `FCU2${id} overgeslagen: er staat niets meer open.` })),
      });
    });
    const onSent = vi.fn(async () => {});
    renderApp(<RemindSelectionModal orders={[1, 2, 3, 4, 5, 6, 7].map(order)} onClose={() => {}} onSent={onSent} />);

    const dialog = await screen.findByRole('dialog', { name: 'Betalingsherinnering versturen' });
    expect(dialog.textContent).toContain('FCU21, FCU22, FCU23, FCU24, FCU25, FCU26, FCU27');
    fireEvent.click(screen.getAllByLabelText('Herinnering').find((el) => el.tagName === 'INPUT')!);
    fireEvent.click(await screen.findByRole('option', { name: 'Eerste herinnering', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Eerste herinnering versturen naar 7 bestellingen' }));

    expect(await screen.findByText('7 van 7 verwerkt')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Voortgang herinneringen' })).toBeTruthy();
    expect(await screen.findByText('6 herinneringen verstuurd, 1 overgeslagen.')).toBeTruthy();
    expect(screen.getByText('FCU23 overgeslagen: er staat niets meer open.')).toBeTruthy();
    expect(bodies).toEqual([
      { orders: [1, 2, 3, 4, 5], amount_sent: 1 },
      { orders: [6, 7], amount_sent: 1 },
    ]);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
  });
});
