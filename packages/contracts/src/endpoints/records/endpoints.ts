import { endpoint } from '../endpoint.ts';

const tags = ['records'];

const SEARCH_HELP =
  "search: a vehicle type, a subscription status (scans), a plan name or a mode of payment (payments), exactly; (payments) a receipt number, in any case, with or without hyphens; else the start of a Unique ID of the motorist or the agent, part of their name, email or phone (3 characters or more), or part of the motorist's plate number. " +
  "startDate/endDate: YYYY-MM-DD is a whole Africa/Lagos day (endDate inclusive); a timestamp is that instant. motorist (an id): that motorist's rows only. Newest first.";

const PAYMENT_HELP =
  SEARCH_HELP +
  ' vehicleType, plan, modeOfPayment, remitter (an id) and status filter too, all together. summary: the count and naira total of the whole filter.';

/** Scan Record. */
export const scans = endpoint({
  method: 'GET',
  path: '/api/scan',
  permission: { capability: 'scans', access: 'read' },
  tags,
  description: SEARCH_HELP,
  query: 'recordsQuery',
  response: { 200: 'scanRecordList' },
  exportable: true,
});

/** Transaction History: subscription payments. */
export const subscriptionPayments = endpoint({
  method: 'GET',
  path: '/api/sub-history',
  permission: { capability: 'transactions', access: 'read' },
  tags,
  description: PAYMENT_HELP,
  query: 'paymentRecordsQuery',
  response: { 200: 'paymentRecordList' },
  exportable: true,
});

/** Penalty Payment History. */
export const penaltyPayments = endpoint({
  method: 'GET',
  path: '/api/penalty-history',
  permission: { capability: ['transactions', 'penalty'], access: 'read' },
  tags,
  description: PAYMENT_HELP,
  query: 'paymentRecordsQuery',
  response: { 200: 'paymentRecordList' },
  exportable: true,
});
