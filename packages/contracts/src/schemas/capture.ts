/** When and where a field agent captured a scan or a payment on the phone (issue 22). */
import { z } from 'zod';

/** How far ahead of the server's clock a phone's capture time may be (its clock may run fast). */
export const CAPTURE_SKEW_MS = 5 * 60_000;
/** How old a capture may be when it reaches the server, unless FIELD_CAPTURE_MAX_AGE_HOURS says otherwise. */
export const DEFAULT_CAPTURE_MAX_AGE_HOURS = 72;
/**
 * A second scan of one vehicle by one agent within this many minutes is the same scan (a sticker left
 * in front of the camera), unless SCAN_REPEAT_MINUTES says otherwise.
 */
export const DEFAULT_SCAN_REPEAT_MINUTES = 5;

export const CAPTURE_MESSAGES = {
  captureInFuture: 'capturedAt is in the future: check the phone’s date and time',
  captureTooOld: (hours: number) => `capturedAt is more than ${hours} hours ago: this capture is too old to record`,
} as const;

/** When the agent made the scan or took the money, by the phone's clock (ISO 8601); unset: now. */
export const capturedAtField = z
  .string({ error: 'capturedAt must be a date and time' })
  .datetime({ offset: true, error: 'capturedAt must be an ISO date and time, e.g. 2026-05-01T09:00:00Z' })
  .optional();

const coordinate = (field: string, limit: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(-limit, `${field} must be between -${limit} and ${limit}`)
    .max(limit, `${field} must be between -${limit} and ${limit}`);

/** Where the phone was, when the agent allows location. */
export const captureLocation = z
  .object({ latitude: coordinate('location.latitude', 90), longitude: coordinate('location.longitude', 180), accuracy: z.number().min(0).optional() })
  .optional();
