import type { z } from 'zod';
import { badRequest } from '../../platform/http/errors.ts';

/** Validates input against a contracts schema; the first problem is a 400 whose message names the field. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue.path.join('.');
  throw badRequest(!field || issue.message.includes(field) ? issue.message : `${field}: ${issue.message}`);
}
