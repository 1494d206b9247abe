import { createHash } from 'node:crypto';
import { TICKET_MESSAGES } from '@eticket/contracts';
import { HttpError, conflict, isRefusal } from '../http/errors.ts';
import type { StoredAnswer } from './keys.ts';

/** The answer of a call that took an Idempotency-Key, and whether it is a repeat of an earlier one. */
export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** Raised inside the work's transaction when the key turns out to be taken, to roll the work back. */
export class KeyTaken extends Error {}

const requestHash = (operation: string, request: unknown): string => createHash('sha256').update(JSON.stringify({ operation, request })).digest('hex');

interface Once<T> {
  operation: string;
  /** What makes two requests the same one (never a password: the hash is stored). */
  request: unknown;
  /** The answer stored under the caller's key, if any. */
  find(): Promise<StoredAnswer | null>;
  /**
   * Does the work and stores its answer under the key with the given request hash, in one
   * transaction; throws KeyTaken (rolling back) when the key is already taken.
   */
  attempt(requestHash: string): Promise<{ statusCode: number; body: T }>;
  /** What `find` would answer, read beforehand (a field batch reads all its keys at once); undefined: not read. */
  known?: StoredAnswer | null;
}

/**
 * Runs a keyed request once per (caller, key). A repeat finds the key taken, either when it stores
 * its own answer (a concurrent repeat waits there for the first to commit) or, if its work was
 * refused meanwhile (e.g. nothing left to pay, the email now taken: any 4xx), right after; its transaction is
 * rolled back and the first answer is given again. Nothing is kept for work that fails, so the key
 * stays free. The same key with another request is a 422.
 */
export async function answerOnce<T>({ operation, request, find, attempt, known }: Once<T>): Promise<IdempotentResult<T>> {
  const hash = requestHash(operation, request);
  const stored = async (read: StoredAnswer | null | undefined = undefined): Promise<IdempotentResult<T> | null> => {
    const found = read === undefined ? await find() : read;
    if (!found || found.statusCode === null) return null;
    if (found.operation !== operation || found.requestHash !== hash) throw new HttpError(422, TICKET_MESSAGES.idempotencyKeyReused);
    return { statusCode: found.statusCode, body: found.response as T, replayed: true };
  };
  // A repeat of a finished request (the usual case: a phone whose answer was lost) skips the work.
  const earlier = await stored(known);
  if (earlier) return earlier;
  for (let tries = 0; tries < 3; tries += 1) {
    try {
      return { ...(await attempt(hash)), replayed: false };
    } catch (error) {
      const refused = isRefusal(error);
      if (!(error instanceof KeyTaken) && !refused) throw error;
      const first = await stored();
      if (first) return first;
      if (refused) throw error;
      // The key was taken and is gone again (its transaction rolled back): try once more.
    }
  }
  throw conflict('This Idempotency-Key is busy; try again');
}
