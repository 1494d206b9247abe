import { CAPTURE_MESSAGES, CAPTURE_SKEW_MS } from '@eticket/contracts';
import { HttpError, badRequest } from './http/errors.ts';

/**
 * The time the levy's rules apply at: the phone's capture time, or the server's when there is none.
 * A capture ahead of the server by more than a small clock skew, or older than the allowed age, is
 * refused (the agent fixes the phone's clock, or the capture stays in the phone's queue with the
 * message).
 */
export function captureTime(capturedAt: string | undefined, received: Date, maxAgeHours: number): Date {
  if (capturedAt === undefined) return received;
  const at = new Date(capturedAt);
  if (at.getTime() > received.getTime() + CAPTURE_SKEW_MS) throw badRequest(CAPTURE_MESSAGES.captureInFuture);
  if (at.getTime() < received.getTime() - maxAgeHours * 3600_000) throw new HttpError(422, CAPTURE_MESSAGES.captureTooOld(maxAgeHours));
  return at > received ? received : at;
}
