import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Text } from '@mantine/core';
import { renderApp } from '../../test/render';
import { ConfirmModal } from './ConfirmModal';
import { FormFooter } from './FormFooter';

vi.setConfig({ testTimeout: 30_000 });

describe('ConfirmModal', () => {
  it('asks, confirms, and shows the error inside the dialog', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderApp(
      <ConfirmModal opened onClose={onClose} title="Gebruiker verwijderen" onConfirm={onConfirm} error="Deze gebruiker bestaat niet.">
        <Text>Weet je het zeker?</Text>
      </ConfirmModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Gebruiker verwijderen' });
    expect(within(dialog).getByText('Weet je het zeker?')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Deze gebruiker bestaat niet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("names its × 'Sluiten' unless the confirm button is called that", () => {
    renderApp(
      <ConfirmModal opened onClose={() => {}} title="Doel sluiten" onConfirm={() => {}} confirmLabel="Sluiten" closeLabel={null}>
        <Text>Sluiten?</Text>
      </ConfirmModal>,
    );
    expect(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Sluiten' })).toHaveLength(1);
  });
});

describe('FormFooter', () => {
  it('is the form submit button without onSubmit, a plain button with it', () => {
    const onSubmit = vi.fn();
    renderApp(
      <>
        <form aria-label="a">
          <FormFooter onCancel={() => {}} />
        </form>
        <form aria-label="b">
          <FormFooter onCancel={() => {}} onSubmit={onSubmit} submitLabel="Samenvoegen" />
        </form>
      </>,
    );
    expect(
      within(screen.getByRole('form', { name: 'a' }))
        .getByRole('button', { name: 'Opslaan' })
        .getAttribute('type'),
    ).toBe('submit');
    const merge = within(screen.getByRole('form', { name: 'b' })).getByRole('button', { name: 'Samenvoegen' });
    expect(merge.getAttribute('type')).toBe('button');
    fireEvent.click(merge);
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
