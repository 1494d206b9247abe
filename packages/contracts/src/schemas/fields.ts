/**
 * Fields several capabilities' schemas share: amounts in naira, enums, ids, Unique IDs, people
 * named in a row, and staff's reasons for a change.
 *
 * Money: the API speaks naira numbers with at most 2 decimals; the server stores integer kobo.
 */
import { z } from 'zod';
import { normaliseIdentifier } from '../identifier.ts';

/** Largest amount accepted anywhere, in naira (keeps every kobo sum exact). */
export const MAX_NAIRA_AMOUNT = 10_000_000_000;

const NAIRA_TEXT = /^\d+(\.\d{1,2})?$/;

/**
 * An amount in naira: a number (or numeric text, as forms send it), at most 2 decimals, above 0
 * (or at least 0 with allowZero), at most MAX_NAIRA_AMOUNT. Every message names the field.
 */
export function nairaAmount(field: string, options: { allowZero?: boolean } = {}) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined || issue.input === null ? `${field} is required` : `${field} must be a number`),
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value.trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: `${field} is required` });
        return z.NEVER;
      }
      if (text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: options.allowZero ? `${field} must not be negative` : `${field} must be more than 0` });
        return z.NEVER;
      }
      if (!NAIRA_TEXT.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be an amount in naira with at most 2 decimals` });
        return z.NEVER;
      }
      const naira = Number(text);
      if (!options.allowZero && naira === 0) {
        ctx.addIssue({ code: 'custom', message: `${field} must be more than 0` });
        return z.NEVER;
      }
      if (naira > MAX_NAIRA_AMOUNT) {
        ctx.addIssue({ code: 'custom', message: `${field} must be at most ${MAX_NAIRA_AMOUNT}` });
        return z.NEVER;
      }
      return naira;
    });
}

export const enumOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: `${field} must be one of ${values.join(', ')}` }));

export const uuidField = (field: string) => z.uuid({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a valid id`) });

export const userCodeField = z
  .string({ error: 'userCode is required' })
  .transform(normaliseIdentifier)
  .pipe(z.string().min(1, 'userCode is required').max(64, 'userCode is too long'));

/** Why staff changed something (kept in the audit log and the motorist's history); blank is no reason. */
export const CHANGE_REASON_MAX_LENGTH = 500;
export const changeReason = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(CHANGE_REASON_MAX_LENGTH, `${field} must be at most ${CHANGE_REASON_MAX_LENGTH} characters`);

/** A person a row names (who scanned, remitted or changed it). */
export const personRef = z.object({ _id: z.string(), id: z.string(), fullName: z.string(), userCode: z.string() });
