// One zod schema per form, shared with the API: Mantine's form takes it as a Standard Schema.
import { schemaResolver } from '@mantine/form';
import { ApiError } from './api';

export const zodValidate = (schema: Parameters<typeof schemaResolver>[0]) => schemaResolver(schema, { sync: true });

/** Field errors of a 400 answer ({details:[{path,message}]}) in the shape form.setErrors takes. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.details) return {};
  return Object.fromEntries(err.details.filter((d) => d.path).map((d) => [d.path, d.message]));
}
