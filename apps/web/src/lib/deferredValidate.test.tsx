import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { useDeferredValidate } from './form';

const schema = z.object({ name: z.string().min(1, 'Naam is verplicht!') });

describe('useDeferredValidate', () => {
  it('loads the schema only once the visitor starts on the form, once, and validates with it from then on', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const { result } = renderHook(() => useDeferredValidate(load));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.validate({ name: '' })).toEqual({});

    await act(async () => {
      await Promise.all([result.current.start(), result.current.start()]);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.validate({ name: '' })).toEqual({ name: 'Naam is verplicht!' });
  });

  it('a submit before the form was started loads the schema and waits for it', async () => {
    let arrive!: (s: typeof schema) => void;
    const load = vi.fn(() => new Promise<typeof schema>((resolve) => (arrive = resolve)));
    const { result } = renderHook(() => useDeferredValidate(load));
    const submit = vi.fn(() => result.current.validate({ name: '' }));
    const event = { preventDefault: vi.fn() };
    result.current.whenReady(submit)(event as never);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
    await act(async () => arrive(schema));
    expect(submit).toHaveReturnedWith({ name: 'Naam is verplicht!' });
  });
});
