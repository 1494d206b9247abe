import type { z } from 'zod';
import { invalidInput } from '../../../platform/http/errors.ts';

/** Validates input against a contracts schema: a 400 whose message names the first field, and `errors` every field. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(result.error.issues);
}
