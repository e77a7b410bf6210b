import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { PayButtons, type MyOrder } from './MyOrders';

vi.setConfig({ testTimeout: 30_000 });

const MESSAGE =
  'De betaaltermijn van deze reis is verstreken: de reis moest uiterlijk op 31-10-2026 betaald zijn, daarom is alleen het volledige bedrag mogelijk.';

const order = (over: Partial<MyOrder>): MyOrder =>
  ({ id: 7, status: 1, total_price: 189_500, total_payments: 0, down_payment_allowed: true, down_payment_message: null, ...over }) as MyOrder; // only what the buttons read

describe("'Mijn bestellingen' pay buttons (docs/MONEY.md)", () => {
  it('say why only the full amount is possible once the payment deadline has passed, before anything is paid', () => {
    renderApp(<PayButtons order={order({ down_payment_allowed: false, down_payment_message: MESSAGE })} />);
    expect(screen.getByTestId('down-payment-closed').textContent).toBe(MESSAGE);
    expect(screen.getByRole('button', { name: 'Volledig betalen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aanbetaling 50%' })).toBeNull();
  });

  it('offer 50 % without a word while a down payment is possible', () => {
    renderApp(<PayButtons order={order({})} />);
    expect(screen.queryByTestId('down-payment-closed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Aanbetaling 50%' })).toBeTruthy();
  });
});
