import type { ModeOfPayment } from '@eticket/contracts';
import { sql } from 'drizzle-orm';
import { toNaira, type Kobo } from '../../domain/money.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldOn, type FieldOptions } from '../field/index.ts';

/** The user online payments are recorded under (migration 0053): a payment names a remitter; receipts say "Online payments". */
export const ONLINE_PAYMENTS_AGENT = { id: '00000000-0000-4000-8000-00000000a043' } as const;

/**
 * Writes the "Online payments" user if it is not there yet (before the first online credit, whichever
 * path makes it: a checkout, a transfer, a suspense item): never signs in (suspended, no password),
 * hidden from the lists of people (is_system).
 */
export async function ensureOnlinePaymentsUser(db: Database): Promise<void> {
  await db.execute(
    sql`INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role, agent_role, registration_status, is_system)
        VALUES (${ONLINE_PAYMENTS_AGENT.id}, 'onlinepayments', 'Online payments', 'online-payments@levy.invalid', '00000000000', '!', 'remitter', 'remitter', 'suspended', true)
        ON CONFLICT DO NOTHING`,
  );
}

/** An online payment to record: a motorist's plan or penalty, paid through the provider. */
export interface OnlinePayment {
  motoristId: string;
  userCode: string;
  kind: 'subscription' | 'penalty';
  planId: string | null;
  amountKobo: Kobo;
  /** The provider's reference: the payment's is `{provider}:{reference}` (as checkouts'), claimed once. */
  reference: string;
  /** The provider's name (paystack); unset: paystack. */
  provider?: string;
  /** When the money moved. */
  paidAt: Date;
  /** The provider's channel (ussd, card, bank_transfer, dedicated_nuban…); unset: a transfer. */
  channel?: string | null;
}

/** The mode a credit is recorded with: USSD and card by their channel, a transfer otherwise. */
const modeOfChannel = (channel: string | null | undefined): ModeOfPayment => (channel === 'ussd' ? 'ussd' : channel === 'card' ? 'card' : 'transfer');

/** Records an online payment on `tx` (a savepoint in it): receipt number, ledger (clearing:online → revenue), text. */
export type CreditPayment = (tx: Database, payment: OnlinePayment) => Promise<{ paymentId: string; receiptNo: string }>;

/**
 * The payment path of every payment (the field service's), as online payments take it: recorded
 * under the online-payments user, mode by the channel (transfer unless USSD or card) with the provider's reference, posted to the
 * provider's clearing account, with the receipt text. Run on the caller's transaction, so the
 * payment commits with what made it (a transfer's claim, a suspense item's assignment).
 */
export function onlineCredit(deps: { clock: Clock; options?: Pick<FieldOptions, 'receiptTexts' | 'captureMaxAgeHours'> }): CreditPayment {
  return async (tx, payment) => {
    await ensureOnlinePaymentsUser(tx);
    const field = fieldOn(tx, deps.clock, { ...deps.options, tills: undefined, through: 'provider' });
    const agent = ONLINE_PAYMENTS_AGENT;
    const provider = payment.provider ?? 'paystack';
    const key = `online:${provider}:${payment.reference}`;
    // A payment older than the capture bound (a requeried transfer days late) counts from now.
    const maxAgeMs = (deps.options?.captureMaxAgeHours ?? 72) * 3600_000 - 60_000;
    const ageMs = deps.clock.now().getTime() - payment.paidAt.getTime();
    const capturedAt = ageMs >= 0 && ageMs < maxAgeMs ? payment.paidAt.toISOString() : undefined;
    const common = {
      userCode: payment.userCode,
      modeOfPayment: modeOfChannel(payment.channel),
      bankName: provider,
      reference: `${provider}:${payment.reference}`,
      capturedAt,
    };
    const result =
      payment.kind === 'subscription'
        ? await field.subscriptionPayment(agent, key, { ...common, subscriptionId: payment.planId ?? '' })
        : await field.penaltyPayment(agent, key, { ...common, amount: toNaira(payment.amountKobo) });
    const recorded = result.body.data.payment;
    return { paymentId: recorded._id, receiptNo: recorded.receiptNo };
  };
}
