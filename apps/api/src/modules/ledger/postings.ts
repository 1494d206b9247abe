import type { ModeOfPayment } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import type { Kobo } from '../../domain/money.ts';
import { ledgerQueries, type AccountRef, type NewEntry } from './repository.ts';

/**
 * The posting rules (docs/ledger.md): which accounts each movement of money debits and credits.
 * Migration 0042 posted the payments and payouts made before the ledger by the same rules. Each rule
 * is an entry maker (the demo seed posts them to its records) and a post on the caller's transaction
 * handle (`tx`), so the entry is written with the movement or not at all.
 */

const fixed = (code: string, kind: AccountRef['kind']): AccountRef => ({ code, kind, ownerId: null });

export const ACCOUNTS = {
  levyBank: fixed('bank:levy', 'bank'),
  clearing: { pos: fixed('clearing:pos', 'clearing'), card: fixed('clearing:card', 'clearing'), online: fixed('clearing:online', 'clearing') },
  suspense: fixed('suspense', 'suspense'),
  overage: fixed('overage', 'overage'),
  revenue: { subscription: fixed('revenue:subscription', 'revenue'), penalty: fixed('revenue:penalty', 'revenue') },
} as const;

/** A remitter's cash in hand: cash they collect is debited here until it is lodged (the tills issue moves it to the bank). */
export const tillOf = (remitterId: string): AccountRef => ({ code: `till:${remitterId}`, kind: 'till', ownerId: remitterId });
/** What an agent owes after a short till count. */
export const shortageOf = (agentId: string): AccountRef => ({ code: `shortage:${agentId}`, kind: 'shortage', ownerId: agentId });
/** What the levy owes a stakeholder. */
export const payableOf = (stakeholderId: string): AccountRef => ({ code: `payable:${stakeholderId}`, kind: 'payable', ownerId: stakeholderId });

/**
 * Where a payment's money is: the remitter's till (cash), the levy's bank (transfer), the channel's
 * clearing account (POS, card); a payment taken through the online provider (`through`; USSD is only
 * ever taken so), its clearing
 * account whatever the mode, until the provider settles to the bank.
 */
export function receivingAccount(mode: ModeOfPayment, remitterId: string, through?: 'provider'): AccountRef {
  if (through === 'provider' || mode === 'ussd') return ACCOUNTS.clearing.online;
  if (mode === 'cash') return tillOf(remitterId);
  if (mode === 'transfer') return ACCOUNTS.levyBank;
  return ACCOUNTS.clearing[mode];
}

export interface PostedPayment {
  kind: 'subscription' | 'penalty';
  id: string;
  receiptNo: string;
  remitterId: string;
  modeOfPayment: ModeOfPayment;
  amountKobo: Kobo;
  /** When the money was taken (the capture time). */
  at: Date;
  /** Taken through the online payment provider (modules/online-payments). */
  through?: 'provider';
}

/** A successful payment: debits where the money is, credits the revenue of its kind. */
export function paymentEntry(payment: PostedPayment): NewEntry {
  return {
    kind: `${payment.kind}_payment`,
    sourceId: payment.id,
    memo: `Receipt ${payment.receiptNo}`,
    occurredAt: payment.at,
    lines: [
      { account: receivingAccount(payment.modeOfPayment, payment.remitterId, payment.through), amountKobo: payment.amountKobo },
      { account: ACCOUNTS.revenue[payment.kind], amountKobo: -payment.amountKobo },
    ],
  };
}

/** Posts a payment (paymentEntry) in the payment's transaction; answers the entry's id. */
export function postPayment(tx: Database, payment: PostedPayment): Promise<string> {
  return ledgerQueries(tx).post(paymentEntry(payment));
}

/** Posts an entry another module makes (suspense's receipts), on its transaction; answers the entry's id. */
export function postEntry(tx: Database, entry: NewEntry): Promise<string> {
  return ledgerQueries(tx).post(entry);
}

export interface PostedPayout {
  id: string;
  stakeholderId: string;
  amountKobo: Kobo;
  reference: string;
  recordedBy: string;
  at: Date;
}

/**
 * A payout to a stakeholder: its share is allocated when it is paid (subscription revenue → the
 * stakeholder's payable), then paid (payable → the levy's bank). Two entries, one per movement, in the
 * payout's transaction.
 */
function payoutEntries(payout: PostedPayout): [NewEntry, NewEntry] {
  const common = { sourceId: payout.id, memo: `Payout ${payout.reference}`, occurredAt: payout.at, postedBy: payout.recordedBy };
  const payable = payableOf(payout.stakeholderId);
  return [
    {
      ...common,
      kind: 'allocation',
      lines: [
        { account: ACCOUNTS.revenue.subscription, amountKobo: payout.amountKobo },
        { account: payable, amountKobo: -payout.amountKobo },
      ],
    },
    {
      ...common,
      kind: 'payout',
      lines: [
        { account: payable, amountKobo: payout.amountKobo },
        { account: ACCOUNTS.levyBank, amountKobo: -payout.amountKobo },
      ],
    },
  ];
}

/** Posts a payout's two entries (payoutEntries), in order, in the payout's transaction. */
export async function postPayout(tx: Database, payout: PostedPayout): Promise<void> {
  const ledger = ledgerQueries(tx);
  for (const entry of payoutEntries(payout)) await ledger.post(entry);
}

export interface PostedClose {
  /** The till close: both its entries name it. */
  id: string;
  remitterId: string;
  /** The cash counted, which is the amount lodged. */
  countedKobo: Kobo;
  /** counted − expected: negative when short. */
  varianceKobo: Kobo;
  /** When the remitter counted and lodged (the close's capture time). */
  at: Date;
  /** The approver. */
  approvedBy: string;
}

/** An approved till close's lodgement: the counted cash leaves the remitter's till for the levy's bank. Nothing when 0 was counted. */
export function lodgementEntry(close: PostedClose): NewEntry | null {
  if (close.countedKobo === 0) return null;
  return {
    kind: 'lodgement',
    sourceId: close.id,
    memo: `Till close ${close.id}: lodged`,
    occurredAt: close.at,
    postedBy: close.approvedBy,
    lines: [
      { account: ACCOUNTS.levyBank, amountKobo: close.countedKobo },
      { account: tillOf(close.remitterId), amountKobo: -close.countedKobo },
    ],
  };
}

/** Posts a close's lodgement (lodgementEntry), if any, in the close's transaction; answers the entry's id. */
export async function postLodgement(tx: Database, close: PostedClose): Promise<string | null> {
  const entry = lodgementEntry(close);
  return entry ? ledgerQueries(tx).post(entry) : null;
}

/**
 * An approved till close's variance, which empties the till of what the close covered: short, the
 * remitter owes the difference (their shortage account is debited); over, the surplus is credited to
 * overages. Nothing when the count equals the expected cash.
 */
export function varianceEntry(close: PostedClose): NewEntry | null {
  const variance = close.varianceKobo;
  if (variance === 0) return null;
  const till = tillOf(close.remitterId);
  const lines =
    variance < 0
      ? [
          { account: shortageOf(close.remitterId), amountKobo: -variance },
          { account: till, amountKobo: variance },
        ]
      : [
          { account: till, amountKobo: variance },
          { account: ACCOUNTS.overage, amountKobo: -variance },
        ];
  return {
    kind: 'till_variance',
    sourceId: close.id,
    memo: `Till close ${close.id}: ${variance < 0 ? 'short' : 'over'}`,
    occurredAt: close.at,
    postedBy: close.approvedBy,
    lines,
  };
}

/** Posts a close's variance (varianceEntry), if any, in the close's transaction; answers the entry's id. */
export async function postVariance(tx: Database, close: PostedClose): Promise<string | null> {
  const entry = varianceEntry(close);
  return entry ? ledgerQueries(tx).post(entry) : null;
}
