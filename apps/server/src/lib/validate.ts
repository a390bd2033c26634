import type { z } from 'zod';
import { fromZodError } from './errors.ts';

/** Parse a request part with a shared schema; a failure is a 422 naming each bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, location: 'body' | 'query' | 'params' = 'body'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error, location);
  return result.data;
}
