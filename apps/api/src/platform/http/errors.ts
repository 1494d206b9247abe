import type { z } from 'zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FIELD_MESSAGES, MESSAGES, fieldErrorOf, type FieldError } from '@eticket/contracts';
import { isDatabaseUnavailable } from '../../db/errors.ts';

/** An error whose message is safe to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A 400's every invalid field, sent beside the message (see contracts/field-errors.ts). */
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The answer while the database cannot be reached: the caller may try again (payments with the same Idempotency-Key). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable (its database cannot be reached); try again in a moment';

// Fixed messages worded for a person: kept as they are (a 400's `errors` still names the field).
const KNOWN_MESSAGES = new Set<string>([...Object.values(MESSAGES), ...Object.values(FIELD_MESSAGES)]);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** "field: problem", unless the schema's own message already names the field or is a fixed message. */
export function describeIssue(issue: ValidationIssue, context?: string): string {
  return describe(fieldOf(issue, context), issue.params?.issue?.message ?? issue.message ?? 'is invalid');
}

function fieldOf(issue: ValidationIssue, context?: string): string {
  const zodIssue = issue.params?.issue;
  const path = zodIssue?.path?.length ? zodIssue.path.join('.') : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || context || '';
}

function describe(field: string, message: string): string {
  if (!field || KNOWN_MESSAGES.has(message) || message.toLowerCase().includes(field.split('.').pop()!.toLowerCase())) return message;
  return `${field}: ${message}`;
}

/** A 400 for a schema's problems: the first as the message (as always), every field's in `errors`. */
export function invalidInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]): HttpError {
  const described = issues.map((issue) => {
    const field = issue.path.filter((part) => typeof part !== 'symbol').join('.');
    return { field, message: describe(field, issue.message) };
  });
  return new HttpError(400, described[0]?.message ?? 'The request is invalid', {}, fieldErrorsOf(described));
}

/** Validates input against a contracts schema: a 400 whose message names the first field, and `errors` every field. */
export function parseOrRefuse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(result.error.issues);
}

/** One entry per field (its first problem), worded for a person; problems of no field are left to the message. */
function fieldErrorsOf(problems: readonly { field: string; message: string }[]): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const { field, message } of problems) if (field && !byField.has(field)) byField.set(field, fieldErrorOf(field, message));
  return [...byField.values()];
}

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  cause?: unknown;
}

/** Drizzle wraps a driver's error (DrizzleQueryError); the Postgres code is on its cause. */
function databaseErrorOf(error: PgError): PgError {
  const cause = error.cause as PgError | undefined;
  return error.code === undefined && typeof cause?.code === 'string' ? cause : error;
}

/** Postgres errors that are the caller's fault, as 4xx. */
function fromDatabaseError(error: PgError): HttpError | null {
  switch (error.code) {
    case '23505':
      return conflict(uniqueViolationMessage(error.constraint));
    case '23503':
      return badRequest('A referenced record does not exist');
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return badRequest('A value has the wrong format');
    case '22021':
      // e.g. a NUL character (\u0000) in any text: PostgreSQL refuses to store or compare it
      return badRequest('A value contains a character that is not allowed');
    default:
      return null;
  }
}

/** Whether the error handler answers this error with a 4xx: the request was refused, not failed. */
export function isRefusal(error: unknown): boolean {
  if (error instanceof HttpError) return error.statusCode < 500;
  return typeof error === 'object' && error !== null && fromDatabaseError(databaseErrorOf(error as PgError)) !== null;
}

/** Unique constraints are named <table>_<field>_unique so the message can name the field. */
function uniqueViolationMessage(constraint = ''): string {
  const match = /^[a-z]+_([a-z_]+?)_unique/.exec(constraint);
  const field = match ? match[1].replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : 'value';
  return `${field} is already in use`;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & PgError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...(error.errors?.length ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue) => ({
        field: fieldOf(issue, error.validationContext),
        message: describeIssue(issue, error.validationContext),
      }));
      const errors = fieldErrorsOf(problems);
      return reply.code(400).send({ message: problems[0].message, ...(errors.length ? { errors } : {}) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const fromDb = fromDatabaseError(databaseErrorOf(error));
    if (fromDb) return reply.code(fromDb.statusCode).send({ message: fromDb.message });
    const limit = request.routeOptions.config.endpoint?.bodyLimit;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && limit) {
      return reply.code(413).send({ message: `${limit.field}: the request is larger than ${limit.bytes / 1024} KB; send fewer at a time` });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side; it has been logged' });
  });
}
