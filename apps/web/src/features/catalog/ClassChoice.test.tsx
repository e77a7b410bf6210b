import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TypeClass } from '@umrah/domain/enums';
import { renderApp } from '../../test/render';
import { ClassChoice } from './ClassChoice';

function Harness({ available }: { available: TypeClass[] }) {
  const [selected, setSelected] = useState<TypeClass | null>(null);
  return <ClassChoice available={available} selected={selected} onSelect={setSelected} />;
}

describe('ClassChoice', () => {
  it('names each radio by its class, describes it, and moves the choice with the arrow keys', () => {
    renderApp(<Harness available={[TypeClass.FIRSTCLASS, TypeClass.PREMIUMCLASS]} />);
    const first = screen.getByRole('radio', { name: 'Firstclass' });
    const premium = screen.getByRole('radio', { name: 'Premiumclass' });
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(first.getAttribute('aria-describedby')!)?.textContent).toBe('De beste hotels, het dichtst bij de Haram.');
    // One tab stop for the group.
    expect(first.tabIndex).toBe(0);
    expect(premium.tabIndex).toBe(-1);

    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(premium.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(premium);
    expect(premium.tabIndex).toBe(0);
    fireEvent.keyDown(premium, { key: 'ArrowDown' });
    expect(first.getAttribute('aria-checked')).toBe('true');
  });

  it('skips a class that this trip does not have', () => {
    renderApp(<Harness available={[TypeClass.PREMIUMCLASS]} />);
    const first = screen.getByRole('radio', { name: 'Firstclass' });
    const premium = screen.getByRole('radio', { name: 'Premiumclass' });
    expect(first.getAttribute('aria-disabled')).toBe('true');
    expect(first.tabIndex).toBe(-1);
    expect(premium.tabIndex).toBe(0);
    fireEvent.keyDown(premium, { key: 'ArrowLeft' });
    expect(premium.getAttribute('aria-checked')).toBe('true');
    expect(first.getAttribute('aria-checked')).toBe('false');
  });
});
