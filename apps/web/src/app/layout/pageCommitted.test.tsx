// The app counts as ready (main.tsx AppReady) once the page inside the layout's Suspense boundary
// has committed, or the failure shown instead of it.
import { lazy, Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';

/** pageCommitted.ts as a new page load finds it (it remembers the first commit). */
async function freshModule() {
  vi.resetModules();
  return import('./pageCommitted');
}

describe('pageCommitted', () => {
  it('runs what waits once the page inside the boundary has committed, not before, and later callers at once', async () => {
    const { PageCommitted, whenPageCommitted } = await freshModule();
    const ready = vi.fn();
    whenPageCommitted(ready);
    let loadPage!: () => void;
    const Page = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          loadPage = () => resolve({ default: () => <p>pagina</p> });
        }),
    );
    render(
      <Suspense fallback={<p>laden</p>}>
        <Page />
        <PageCommitted />
      </Suspense>,
    );
    expect(screen.getByText('laden')).toBeTruthy();
    expect(ready).not.toHaveBeenCalled();
    await act(async () => loadPage());
    expect(screen.getByText('pagina')).toBeTruthy();
    expect(ready).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    whenPageCommitted(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('does not run a wait that was cancelled', async () => {
    const { PageCommitted, whenPageCommitted } = await freshModule();
    const cancelled = vi.fn();
    whenPageCommitted(cancelled)();
    render(<PageCommitted />);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('counts the failure shown instead of the page as committed', async () => {
    const { whenPageCommitted } = await freshModule();
    const { RenderFailed } = await import('../ErrorBoundary');
    const ready = vi.fn();
    whenPageCommitted(ready);
    render(
      <MantineProvider>
        <RenderFailed />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeTruthy();
    expect(ready).toHaveBeenCalledTimes(1);
  });
});
