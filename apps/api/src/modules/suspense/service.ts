import type { Database } from '../../db/connect.ts';
import { ACCOUNTS, postEntry } from '../ledger/index.ts';
import { suspenseQueries } from './repository.ts';

/** Why money went to suspense rather than paying something. */
export type SuspenseReason =
  /** Matches nothing the levy initialised (a transfer of another amount, an unknown reference). */
  | 'unmatched'
  /** The amount differs from what the server initialised. */
  | 'amount'
  /** Not in naira. */
  | 'currency'
  /** The motorist may not pay now (suspended, deleted, no vehicle) or the item is gone. */
  | 'refused';

export interface IncomingMoney {
  provider: string;
  /** The provider's reference: the item is kept, and posted, once per (provider, reference). */
  reference: string;
  amountKobo: number;
  currency: string;
  reason: SuspenseReason;
  /** Words for staff: what was expected, what came. */
  detail?: string;
  motoristId?: string | null;
  payer?: string | null;
  channel?: string | null;
  /** When the provider took the money. */
  occurredAt: Date;
  /** When the server learnt of it. */
  receivedAt: Date;
}

/**
 * Money received through a provider that pays nothing (yet): kept as a suspense item and posted, on
 * the caller's transaction `tx`, from the provider's clearing account to suspense (DESIGN §4). Once
 * per (provider, reference): a repeat writes and posts nothing and answers created: false.
 */
export async function receiveIntoSuspense(tx: Database, money: IncomingMoney): Promise<{ id: string | null; created: boolean }> {
  const id = await suspenseQueries(tx).insert({
    provider: money.provider,
    reference: money.reference,
    amountKobo: money.amountKobo,
    currency: money.currency,
    reason: money.reason,
    detail: money.detail ?? '',
    motoristId: money.motoristId ?? null,
    payer: money.payer ?? null,
    channel: money.channel ?? null,
    occurredAt: money.occurredAt,
    receivedAt: money.receivedAt,
  });
  if (!id) return { id: null, created: false };
  await postEntry(tx, {
    kind: 'suspense_receipt',
    sourceId: id,
    memo: `Suspense ${money.provider} ${money.reference}: ${money.reason}`,
    occurredAt: money.occurredAt,
    lines: [
      { account: ACCOUNTS.clearing.online, amountKobo: money.amountKobo },
      { account: ACCOUNTS.suspense, amountKobo: -money.amountKobo },
    ],
  });
  return { id, created: true };
}
