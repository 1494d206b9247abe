import type { Database } from '../../db/connect.ts';
import { addLagosDays, lagosDay } from '../../domain/calendar.ts';
import { formatNaira, type Kobo } from '../../domain/money.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, HttpError, notFound } from '../../platform/http/errors.ts';
import { queueAccountText } from '../messages/index.ts';
import { receiveIntoSuspense, type CreditPayment } from '../suspense/index.ts';
import { dedicatedAccountQueries, type ChargeTarget, type DedicatedAccountRow } from './repository.ts';

/** What a transfer into a motorist's account does. */
export type ChargeDecision =
  | { kind: 'subscription'; planId: string; planName: string }
  | { kind: 'penalty' }
  | { kind: 'suspense'; reason: 'unmatched' | 'refused' | 'currency'; detail: string };

/**
 * A transfer of exactly the outstanding penalty pays it; else exactly one plan's price (of the
 * motorist's vehicle type) buys that plan; anything else goes to suspense with the reason. The
 * penalty comes first: a motorist who owes one and sends its amount is paying what they owe.
 */
export function decideCharge(target: ChargeTarget | null, amountKobo: Kobo): ChargeDecision {
  if (!target) return { kind: 'suspense', reason: 'unmatched', detail: 'No motorist has the receiving account' };
  if (target.isDeleted) return { kind: 'suspense', reason: 'refused', detail: `Motorist ${target.userCode} is deleted` };
  if (target.registrationStatus === 'suspended') return { kind: 'suspense', reason: 'refused', detail: `Motorist ${target.userCode} is suspended` };
  if (!target.vehicleType) return { kind: 'suspense', reason: 'refused', detail: `Motorist ${target.userCode} has no vehicle` };
  if (target.outstandingPenaltyKobo > 0 && amountKobo === target.outstandingPenaltyKobo) return { kind: 'penalty' };
  const plans = target.plans.filter((plan) => plan.priceKobo === amountKobo);
  if (plans.length === 1) return { kind: 'subscription', planId: plans[0].id, planName: plans[0].name };
  if (plans.length > 1)
    return {
      kind: 'suspense',
      reason: 'unmatched',
      detail: `${formatNaira(amountKobo)} is the price of ${plans.length} plans (${plans.map((p) => p.name).join(', ')})`,
    };
  const prices = target.plans.map((plan) => `${plan.name} ${formatNaira(plan.priceKobo)}`).join(', ') || 'none';
  const penalty = target.outstandingPenaltyKobo > 0 ? formatNaira(target.outstandingPenaltyKobo) : 'none';
  return {
    kind: 'suspense',
    reason: 'unmatched',
    detail: `${formatNaira(amountKobo)} is neither a plan's price (${prices}) nor the outstanding penalty (${penalty})`,
  };
}

/** A transfer into a dedicated account, from the provider's charge.success. */
export interface DedicatedCharge {
  reference: string;
  amountKobo: Kobo;
  currency: string;
  receiverAccountNumber: string | null;
  paidAt: Date | null;
  /** The provider's channel (dedicated_nuban). */
  channel: string | null;
  /** Who sent it, as the provider says. */
  payer: string | null;
}

/** What the provider offers for dedicated accounts (the online-payments module's PaymentProvider). */
export interface AccountProvider {
  readonly name: string;
  createDedicatedAccount(request: {
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    preferredBank: string;
  }): Promise<{ customerCode: string; accountNumber: string; accountName: string; bankName: string; bankSlug: string }>;
  requeryDedicatedAccount(query: { accountNumber: string; providerSlug: string; day: string }): Promise<void>;
}

export interface DedicatedAccountDeps {
  db: Database;
  clock: Clock;
  /** Unset: the setting is off (no provider, or PAYSTACK_DEDICATED_ACCOUNTS=off). */
  provider?: AccountProvider;
  /** The provider's bank for new accounts (PAYSTACK_DEDICATED_BANK). */
  preferredBank: string;
  /** The email the provider's customer gets: one the levy controls, derived from the motorist. */
  emailOf: (userCode: string) => string;
  /** The payment path (suspense's onlineCredit): receipt, ledger, text. */
  credit: CreditPayment;
}

/** Accounts the assignment job makes per run. */
const ASSIGN_BATCH = 50;
/** Accounts the requery asks about per statement. */
const REQUERY_BATCH = 200;
/** A failed try is asked again after 2^tries minutes, at most a day. */
const retryDelayMs = (tries: number) => Math.min(2 ** tries * 60_000, 24 * 3600_000);

/** First name and the rest, as the provider's customer wants them. */
function namesOf(fullName: string): { firstName: string; lastName: string } {
  const [first = fullName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || first };
}

export function createDedicatedAccountService(deps: DedicatedAccountDeps) {
  const { db, clock, provider } = deps;
  const queries = dedicatedAccountQueries(db);

  /** Asks the provider for one waiting motorist's account; the answer and its text are written together. */
  async function assignOne(motorist: Awaited<ReturnType<typeof queries.waiting>>[number], active: AccountProvider): Promise<boolean> {
    try {
      const account = await active.createDedicatedAccount({
        email: deps.emailOf(motorist.userCode),
        ...namesOf(motorist.fullName),
        phone: motorist.phone,
        preferredBank: deps.preferredBank,
      });
      const at = clock.now();
      await db.transaction(async (tx) => {
        const wrote = await dedicatedAccountQueries(tx).markAssigned(motorist.userId, { provider: active.name, ...account }, at);
        if (wrote) {
          await queueAccountText(
            tx,
            {
              motoristId: motorist.userId,
              phone: motorist.phone,
              plate: motorist.plateNumber,
              accountNumber: account.accountNumber,
              bankName: account.bankName,
            },
            at,
          );
        }
      });
      return true;
    } catch (error) {
      const now = clock.now();
      await queries.markFailed(
        motorist.userId,
        error instanceof Error ? error.message : String(error),
        new Date(now.getTime() + retryDelayMs(motorist.tries + 1)),
      );
      return false;
    }
  }

  return {
    enabled: provider !== undefined,

    /** A motorist's account (null when none was asked for). */
    ofMotorist: (userId: string): Promise<DedicatedAccountRow | null> => queries.ofMotorist(userId),

    /**
     * The console's action: asks for the motorist's account now (an assigned one is answered as it
     * is; a failed one is tried again). 409 when the setting is off or the motorist is not approved.
     */
    async assignNow(userId: string): Promise<DedicatedAccountRow> {
      if (!provider) throw conflict('Dedicated accounts are off: set PAYSTACK_SECRET_KEY and PAYSTACK_DEDICATED_ACCOUNTS=on');
      const existing = await queries.ofMotorist(userId);
      if (existing?.status === 'assigned') return existing;
      const at = clock.now();
      await queries.request(userId, at);
      const motorist = await queries.waitingOne(userId);
      if (!motorist) {
        const row = await queries.ofMotorist(userId);
        if (!row) throw notFound('No approved motorist has that id');
        throw conflict('This motorist is not approved: an account is made once they are');
      }
      await assignOne(motorist, provider);
      const row = await queries.ofMotorist(userId);
      if (!row) throw notFound('No approved motorist has that id');
      return row;
    },

    /** The job: makes the accounts asked for (approvals, console actions, retries). */
    async assignWaiting(): Promise<string> {
      if (!provider) return 'off';
      const waiting = await queries.waiting(ASSIGN_BATCH, clock.now());
      let made = 0;
      for (const motorist of waiting) if (await assignOne(motorist, provider)) made += 1;
      return `${made} of ${waiting.length} accounts assigned`;
    },

    /**
     * The daily job: asks the provider to send again the notifications of yesterday's transfers
     * into every assigned account (`/dedicated_account/requery`); the inbox credits what was missed
     * and ignores what was not. Each account is asked once a day, even across restarts.
     */
    async requery(now: Date): Promise<string> {
      if (!provider) return 'off';
      const today = lagosDay(now);
      const day = lagosDay(addLagosDays(now, -1));
      let asked = 0;
      let failed = 0;
      for (;;) {
        const due = await queries.dueForRequery(today, REQUERY_BATCH);
        if (due.length === 0) break;
        for (const account of due) {
          // One account the provider refuses (closed, unknown) does not stop the others: it is asked again tomorrow.
          try {
            await provider.requeryDedicatedAccount({ accountNumber: account.accountNumber, providerSlug: account.bankSlug, day });
            asked += 1;
          } catch {
            failed += 1;
          }
        }
        await queries.markRequeried(
          due.map((account) => account.userId),
          today,
        );
      }
      return `${asked} accounts requeried for ${day}${failed ? `, ${failed} refused` : ''}`;
    },

    /**
     * A transfer into a dedicated account (a charge.success that is not a checkout), on the event's
     * transaction: claimed once by its reference (a replay, or another process applying the same
     * event, changes nothing), then it pays a plan or the penalty, or goes to suspense with the reason.
     */
    async applyCharge(
      tx: Database,
      charge: DedicatedCharge,
      providerName = provider?.name ?? 'paystack',
    ): Promise<'subscription' | 'penalty' | 'suspense' | 'duplicate'> {
      const inTx = dedicatedAccountQueries(tx);
      const accountNumber = charge.receiverAccountNumber ?? '';
      const owner = accountNumber ? await inTx.ownerOf(accountNumber) : null;
      const target = owner ? await inTx.lockTarget(owner) : null;
      const paidAt = charge.paidAt ?? clock.now();
      let decision: ChargeDecision =
        charge.currency !== 'NGN'
          ? { kind: 'suspense', reason: 'currency', detail: `Currency ${charge.currency}, not NGN` }
          : decideCharge(target, charge.amountKobo);
      if (!accountNumber) decision = { kind: 'suspense', reason: 'unmatched', detail: 'The transfer names no receiving account' };
      const claimed = await inTx.claimCharge({
        reference: charge.reference,
        userId: target?.userId ?? null,
        accountNumber,
        amountKobo: charge.amountKobo,
        outcome: decision.kind,
        paidAt,
        appliedAt: clock.now(),
      });
      if (!claimed) return 'duplicate';
      const hold = async (reason: 'unmatched' | 'refused' | 'currency', detail: string) => {
        const held = await receiveIntoSuspense(tx, {
          provider: providerName,
          reference: charge.reference,
          amountKobo: charge.amountKobo,
          currency: charge.currency,
          reason,
          detail,
          motoristId: target?.userId ?? null,
          payer: charge.payer,
          channel: charge.channel,
          occurredAt: paidAt,
          receivedAt: clock.now(),
        });
        await inTx.recordCharge(charge.reference, { outcome: 'suspense', paymentId: null, suspenseId: held.id });
        return 'suspense' as const;
      };
      if (decision.kind === 'suspense' || !target)
        return hold(decision.kind === 'suspense' ? decision.reason : 'unmatched', decision.kind === 'suspense' ? decision.detail : '');
      try {
        const { paymentId } = await deps.credit(tx, {
          motoristId: target.userId,
          userCode: target.userCode,
          kind: decision.kind,
          planId: decision.kind === 'subscription' ? decision.planId : null,
          amountKobo: charge.amountKobo,
          reference: charge.reference,
          paidAt,
        });
        await inTx.recordCharge(charge.reference, { outcome: decision.kind, paymentId, suspenseId: null });
        return decision.kind;
      } catch (error) {
        // The payment path refused it (its savepoint rolled back): the money is held, with its words.
        if (error instanceof HttpError) return hold('refused', error.message);
        throw error;
      }
    },
  };
}
export type DedicatedAccountService = ReturnType<typeof createDedicatedAccountService>;
