import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatEuro } from '@umrah/domain/money';
import { renderApp } from '../../../test/render';
import { StatsModal, StatsView } from './StatsModal';

vi.setConfig({ testTimeout: 30_000 });

const stats = {
  orders: 5,
  guests: 12,
  down_payments: 3,
  full_payments: 2,
  paid_amount: 1_234_550,
  open_amount: 987_600,
  documents_complete: 7,
  documents_missing: 5,
  wheelchairs: 1,
};

/** The value shown for a term of the description list. */
const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('StatsView', () => {
  it('counts down payments and full payments apart and shows the amounts in euro', () => {
    renderApp(<StatsView stats={stats} />);
    expect(valueOf('Bestellingen')).toBe('5');
    expect(valueOf('Gasten')).toBe('12');
    expect(valueOf('Aanbetalingen')).toBe('3');
    expect(valueOf('Volledig betaald')).toBe('2');
    expect(valueOf('Betaald bedrag')).toBe(formatEuro(1_234_550));
    expect(valueOf('Betaald bedrag')).toBe('€ 12.345,50');
    expect(valueOf('Openstaand bedrag')).toBe('€ 9.876,-');
    expect(valueOf('Documenten compleet')).toBe('7');
    expect(valueOf('Documenten ontbreken')).toBe('5');
    expect(valueOf('Rolstoelen')).toBe('1');
  });

  it('shows zero amounts as € 0,-', () => {
    renderApp(<StatsView stats={{ ...stats, paid_amount: 0, open_amount: 0 }} />);
    expect(valueOf('Betaald bedrag')).toBe('€ 0,-');
    expect(valueOf('Openstaand bedrag')).toBe('€ 0,-');
  });

  it('is a modal titled with the trip', async () => {
    renderApp(<StatsModal title="Umrah maart 2027" stats={stats} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Statistieken – Umrah maart 2027' });
    expect(within(dialog).getByText('Aanbetalingen')).toBeTruthy();
  });
});
