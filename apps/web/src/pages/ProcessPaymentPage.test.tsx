import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import ProcessPaymentPage from './ProcessPaymentPage';

describe('the admin payment result page', () => {
  it('names the order by its FCU number, with the success message for status 100', async () => {
    renderApp(<ProcessPaymentPage />, { path: '/admin/process_payment/:orderID', route: '/admin/process_payment/7?orderStatusId=100' });
    expect(await screen.findByRole('heading', { name: 'Betaling voor bestelling FCU27' })).toBeTruthy();
    expect(screen.getByText('Betaling is geslaagd, je wordt omgeleid naar het admin portaal..')).toBeTruthy();
  });

  it('says the payment did not succeed otherwise', async () => {
    renderApp(<ProcessPaymentPage />, { path: '/admin/process_payment/:orderID', route: '/admin/process_payment/12' });
    expect(await screen.findByRole('heading', { name: 'Betaling voor bestelling FCU212' })).toBeTruthy();
    expect(screen.getByText('Betaling is nog niet gelukt, controleer de betaling en of probeer het opnieuw.')).toBeTruthy();
  });
});
