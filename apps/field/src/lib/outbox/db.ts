import { Dexie, type EntityTable } from 'dexie';
import type { FieldScanRequest, PenaltyPaymentRequest, SubscriptionPaymentRequest, TillCloseRequest } from '@eticket/contracts';

export type QueueState = 'waiting' | 'sending' | 'done' | 'refused';

/** What a payment's receipt prints beside the server's answer: kept with the item so it can be opened again. */
export interface ReceiptFacts {
  amount: number;
  paidFor: string;
  payerName: string | null;
  /** Null when the remitter, offline, typed a plate: the server's answer names the Unique ID. */
  userCode: string | null;
  plateNumber: string | null;
  modeOfPayment: string;
  /** A transfer's, POS or card payment's reference (absent for cash, and on receipts made before issue 42). */
  reference?: string;
  capturedAt: string;
}

interface ItemBase {
  /** The Idempotency-Key, made on the phone: a resend is never a second record. */
  key: string;
  /** Who captured it: an item is sent only in its agent's session. */
  agentId: string;
  state: QueueState;
  /** What the agent sees in the queue. */
  label: string;
  /** The server's message when it refused the item. */
  message?: string;
  /** The server's answer once recorded. */
  result?: unknown;
  createdAt: number;
  /** When the server's answer arrived (ms): a done item stays on the phone DONE_RETENTION_MS from then (prune.ts). */
  doneAt?: number;
  attempts: number;
  /** The key of the refused item this one corrects (sent under its own new key). */
  correctionOf?: string;
}

/** A motorist's registration form as the registrar filled it: its text fields and its photos (scaled on the phone). */
export interface RegistrationForm {
  fields: Record<string, string>;
  photos: Record<string, Blob>;
}

/** A remitter's till close: the blind count and lodgement (the multipart's text fields) and the slip's photo. */
export interface TillCloseForm {
  fields: TillCloseRequest;
  slip?: Blob;
}

export type QueueItem =
  | (ItemBase & { kind: 'scan'; body: FieldScanRequest })
  | (ItemBase & { kind: 'registration'; body: RegistrationForm })
  | (ItemBase & { kind: 'subscription-payment'; body: SubscriptionPaymentRequest; receipt?: ReceiptFacts })
  | (ItemBase & { kind: 'penalty-payment'; body: PenaltyPaymentRequest; receipt?: ReceiptFacts })
  | (ItemBase & { kind: 'till-close'; body: TillCloseForm });

/** An entry of the compliance list: paid-until in epoch seconds (0 while paused), flags as the server gives them. */
export interface ComplianceRow {
  code: string;
  paidUntil: number;
  flags: number;
  /** The plate's letters and digits, lower-cased ('' when none): a plate typed offline is found by it. */
  plate: string;
}

export interface Meta {
  name: 'compliance';
  asOf: string;
  graceDays: number;
  /** When the whole list was last fetched (ms). */
  fullAt: number;
  count: number;
  /** The table holding the copy in use (none: `compliance`); a whole fetch fills the other one, then swaps. */
  table?: ComplianceTable;
}

export type ComplianceTable = 'compliance' | 'complianceNext';

export const db = new Dexie('eticket-field') as Dexie & {
  queue: EntityTable<QueueItem, 'key'>;
  compliance: EntityTable<ComplianceRow, 'code'>;
  complianceNext: EntityTable<ComplianceRow, 'code'>;
  meta: EntityTable<Meta, 'name'>;
};

db.version(1).stores({ queue: 'key, state, createdAt', compliance: 'code', meta: 'name' });
// Plates in the list (issue 48): the copy kept before has none, so it is dropped and fetched whole again.
db.version(2)
  .stores({ compliance: 'code, plate' })
  .upgrade(async (tx) => {
    await tx.table('compliance').clear();
    await tx.table('meta').delete('compliance');
  });
// A second table for the list, so a whole fetch that fails midway leaves the copy in use as it was.
db.version(3).stores({ complianceNext: 'code, plate' });
