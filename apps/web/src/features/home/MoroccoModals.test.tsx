import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import MoroccoModals from './MoroccoModals';

vi.setConfig({ testTimeout: 30_000 });

describe('the Morocco offer’s information (docs/RULES.md, Screens, Constants)', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: 'Not Found', message: 'x' }, 404)),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('states the €350 visa cost and the same prices as from the Netherlands', async () => {
    renderApp(<MoroccoModals info reserve={false} setInfo={() => {}} setReserve={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Umrah vanuit Marokko' });
    expect(dialog.textContent).toContain('dezelfde prijzen als vanuit Nederland, plus € 350,- visumkosten per persoon');
    expect(dialog.textContent).toContain('de visumkosten zijn € 350,- per persoon');
    expect(dialog.textContent).not.toContain('op aanvraag');
  });
});
