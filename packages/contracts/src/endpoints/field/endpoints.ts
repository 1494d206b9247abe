import { FIELD_BATCH_MAX_BYTES } from '../../field-app.ts';
import { endpoint } from '../endpoint.ts';

/** The calls field agents make from their phones (apps/field); they sign in with POST /api/login. */
const tags = ['field'];
const FIELD_AGENTS = { capability: ['field-scan', 'field-payment'], access: 'read' } as const;

const IDEMPOTENCY_HELP =
  'Requires an Idempotency-Key header (any unique text per payment, e.g. a UUID made on the device). ' +
  'A repeat with the same key answers the first result again (header Idempotent-Replayed: true) and records nothing new; ' +
  'the same key with a different body is refused with 422.';

export const scan = endpoint({
  method: 'POST',
  path: '/api/field/scan',
  permission: { capability: 'field-scan', access: 'write' },
  leavesAccountsAlone: true,
  tags,
  description:
    "An enforcer scans a motorist's QR code (userCode), or types the plate (plateNumber). Writes a scan record as the subscription stood at capturedAt (the phone's time; unset: now; at most 5 minutes ahead and 72 hours back, FIELD_CAPTURE_MAX_AGE_HOURS); for an expired subscription adds the vehicle type's penalty charge to the outstanding payment, at most once per motorist per Lagos day of capture. location: where the phone was, when the agent allows it. An optional Idempotency-Key header makes a repeat answer the first result and record nothing new.",
  headers: 'optionalIdempotencyHeaders',
  body: 'fieldScanRequest',
  response: { 201: 'fieldScanResponse' },
});

export const subscriptionPayment = endpoint({
  method: 'POST',
  path: '/api/field/subscription-payment',
  permission: { capability: 'field-payment', access: 'write' },
  leavesAccountsAlone: true,
  tags,
  description: `A remitter records a subscription payment (subscriptionId: the plan's id) at the plan's price; the subscription is extended from max(capturedAt, its expiry); capturedAt: when the money was taken, by the phone (unset: now; at most 5 minutes ahead and 72 hours back). ${IDEMPOTENCY_HELP}`,
  headers: 'idempotencyHeaders',
  body: 'subscriptionPaymentRequest',
  response: { 201: 'paymentResponse' },
});

export const penaltyPayment = endpoint({
  method: 'POST',
  path: '/api/field/penalty-payment',
  permission: { capability: 'field-payment', access: 'write' },
  leavesAccountsAlone: true,
  tags,
  description: `A remitter records a penalty payment (amount in naira); more than the motorist owes is refused. capturedAt: when the money was taken, by the phone (unset: now). ${IDEMPOTENCY_HELP}`,
  headers: 'idempotencyHeaders',
  body: 'penaltyPaymentRequest',
  response: { 201: 'paymentResponse' },
});

export const batch = endpoint({
  method: 'POST',
  path: '/api/field/batch',
  permission: { capability: ['field-scan', 'field-payment'], access: 'write' },
  leavesAccountsAlone: true,
  tags,
  description:
    "A phone's queued scans and payments in one call (at most 100 items, 256 KB): each item is its own call's body (kind scan, subscription-payment or penalty-payment) with its own Idempotency-Key (key) and capturedAt, and is recorded as that call records it, in a transaction of its own, once per key: a batch sent again (its answer lost, or cut short by a crash) answers what was recorded and records the rest. Answers 200 with a result per item in the order sent: the status its own call would answer (201, or a refusal with its message: an invalid body 400 with errors, an item the agent's role may not make 403), the scan or the payment. Registrations and till closes, which carry photos, keep their own calls.",
  body: 'fieldBatchRequest',
  bodyLimit: { bytes: FIELD_BATCH_MAX_BYTES, field: 'items' },
  response: { 200: 'fieldBatchResponse' },
});

export const motorist = endpoint({
  method: 'GET',
  path: '/api/field/motorist',
  permission: FIELD_AGENTS,
  tags,
  description:
    'An enforcer or remitter finds a motorist by Unique ID or plate number (any case and spacing): name, portrait, vehicle, subscription status, expiry, plan and outstanding penalty. No phone, email, address or ID.',
  query: 'fieldLookupQuery',
  response: { 200: 'fieldLookupResponse' },
});

export const plans = endpoint({
  method: 'GET',
  path: '/api/field/plans',
  permission: { capability: 'field-payment', access: 'read' },
  tags,
  description: 'The plans of a vehicle type with their prices (naira), for a remitter collecting.',
  query: 'fieldPlansQuery',
  response: { 200: 'fieldPlansResponse' },
});

export const compliance = endpoint({
  method: 'GET',
  path: '/api/field/compliance',
  permission: { capability: 'field-scan', access: 'read' },
  tags,
  description:
    "The compliance list behind an enforcer's offline verdicts, in columns (codes, kinds, days, seconds, plates: see contracts' compliance-list.ts) standing for [userCode, paid-until (epoch seconds; 0 while paused), flags (1 owes a penalty, 2 paused), plate], no names or phones. Whole in pages of 20,000 by userCode (after = the previous reply's next), or with since (an earlier reply's asOf) the entries changed since; complete: false when those do not fit in a page.",
  query: 'complianceQuery',
  response: { 200: 'complianceResponse' },
});

export const myDay = endpoint({
  method: 'GET',
  path: '/api/field/my-day',
  permission: FIELD_AGENTS,
  tags,
  description: "The signed-in agent's current Lagos day: scans and penalties added, payments by mode of payment, cash to hand in, the latest 30 items.",
  response: { 200: 'myDayResponse' },
});
