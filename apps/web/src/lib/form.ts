// One zod schema per form, shared with the API: Mantine's form takes it as a Standard Schema.
import { useCallback, useRef, type FormEvent } from 'react';
import { schemaResolver } from '@mantine/form';
import { ApiError } from './api';

type FormSchema = Parameters<typeof schemaResolver>[0];

export const zodValidate = (schema: FormSchema) => schemaResolver(schema, { sync: true });

type FormErrors = ReturnType<ReturnType<typeof zodValidate>>;

/**
 * zodValidate for a form on a public page, with the schema loaded once the visitor starts on the
 * form (`start`, given to the form's focus and pointer-down): zod is no part of the page's first
 * JavaScript, and its evaluation no long task for a visitor who only reads. `validate` goes to
 * useForm; `whenReady(submit)` to the form: a submit made before the schema has arrived waits for it
 * (if it cannot load, the server, which checks with the same schema, gives the field errors).
 */
export function useDeferredValidate(load: () => Promise<FormSchema>) {
  const resolver = useRef<ReturnType<typeof zodValidate>>(undefined);
  const ready = useRef<Promise<void>>(undefined);
  const start = useCallback(() => {
    ready.current ??= load().then(
      (schema) => void (resolver.current = zodValidate(schema)),
      () => undefined,
    );
    return ready.current;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Loaded once per mounted form: `load` is a module-level function.
  }, []);
  const validate = useCallback((values: Record<string, unknown>): FormErrors => (resolver.current ? resolver.current(values) : {}), []);
  const whenReady = useCallback(
    (submit: () => void) => (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      void start().then(submit);
    },
    [start],
  );
  return { validate, whenReady, start };
}

/** Field errors of a 400 answer ({details:[{path,message}]}) in the shape form.setErrors takes. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.details) return {};
  return Object.fromEntries(err.details.filter((d) => d.path).map((d) => [d.path, d.message]));
}
