import type { FastifyBaseLogger } from 'fastify';
import type { TextLanguage } from '@eticket/contracts';
import type { SmsSender } from '../../adapters/sms.ts';
import type { Database } from '../../db/connect.ts';
import { DAY_IN_MS, lagosOffsetMs } from '../../domain/calendar.ts';
import type { Kobo } from '../../domain/money.ts';
import { nigerianMobile } from '../../domain/phone.ts';
import type { Clock } from '../../lib/clock.ts';
import { messageQueries } from './repository.ts';
import { dedicatedAccountText, expiryReminderText, penaltyReceiptText, receiptLink, subscriptionReceiptText } from './texts.ts';

/** A claimed text not marked sent or failed after this long (its sender died) is taken again. */
const SEND_LEASE_MS = 5 * 60_000;
/** Tries of one text before it is failed for good (waits 1, 2, 4 … minutes, at most 6 hours: about a day in all). */
const MAX_SEND_ATTEMPTS = 12;
/** A reminder goes this long before the expiry. */
const REMINDER_LEAD_MS = 3 * DAY_IN_MS;
/** Reminders are queued between these Lagos hours (08:00 to 20:00): nobody is woken by one. */
const REMINDER_HOURS = { from: 8, to: 20 } as const;
/** Texts one sender takes at a time: 10 provider time-outs (15 s each) stay well within the lease. */
const SEND_BATCH = 10;
const REMINDER_BATCH = 200;
const NOT_A_MOBILE = 'not a Nigerian mobile number';

const retryDelayMs = (attempts: number): number => Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 6 * 3600_000);

/** The receipt text of a subscription payment, queued in the payment's own transaction. */
export interface SubscriptionReceipt {
  kind: 'subscription';
  motoristId: string;
  phone: string;
  receiptNo: string;
  amountKobo: Kobo;
  plate: string | null;
  planName: string;
  paidUntil: Date;
  /** The motorist's text language (issue 45), read with the payment's context. */
  language: TextLanguage;
}
export interface PenaltyReceipt {
  kind: 'penalty';
  motoristId: string;
  phone: string;
  receiptNo: string;
  amountKobo: Kobo;
  plate: string | null;
  language: TextLanguage;
}

/**
 * Queues the motorist's receipt text with its check link ({PUBLIC_URL}/r/{receiptNo}; none without
 * PUBLIC_URL, as a link is never made from a request's Host), on the payment's transaction (`tx`): the payment and its text are written together or not at all. A motorist
 * without a phone gets none; a number that is not a Nigerian mobile is kept as failed, to be seen.
 */
export async function queueReceiptText(tx: Database, receipt: SubscriptionReceipt | PenaltyReceipt, publicUrl: string | undefined, at: Date): Promise<boolean> {
  if (!receipt.phone.trim()) return false;
  const link = publicUrl ? receiptLink(publicUrl, receipt.receiptNo) : null;
  const { language } = receipt;
  const body =
    receipt.kind === 'subscription'
      ? subscriptionReceiptText({
          amountKobo: receipt.amountKobo,
          plate: receipt.plate,
          planName: receipt.planName,
          paidUntil: receipt.paidUntil,
          receiptNo: receipt.receiptNo,
          link,
          language,
        })
      : penaltyReceiptText({ amountKobo: receipt.amountKobo, plate: receipt.plate, receiptNo: receipt.receiptNo, link, language });
  const to = nigerianMobile(receipt.phone);
  return messageQueries(tx).queue({
    kind: 'receipt',
    motoristId: receipt.motoristId,
    toPhone: to ?? receipt.phone,
    body,
    receiptNo: receipt.receiptNo,
    at,
    problem: to ? undefined : NOT_A_MOBILE,
  });
}

/**
 * Queues the text giving a motorist their dedicated account (its number and bank), once per
 * motorist, on the caller's transaction; none without a phone.
 */
export async function queueAccountText(
  tx: Database,
  account: { motoristId: string; phone: string; plate: string | null; accountNumber: string; bankName: string },
  at: Date,
): Promise<boolean> {
  if (!account.phone.trim()) return false;
  const to = nigerianMobile(account.phone);
  return messageQueries(tx).queue({
    kind: 'dedicated_account',
    motoristId: account.motoristId,
    toPhone: to ?? account.phone,
    body: dedicatedAccountText({ ...account, language: await messageQueries(tx).textLanguageOf(account.motoristId) }),
    at,
    problem: to ? undefined : NOT_A_MOBILE,
  });
}

const lagosHour = (at: Date) => new Date(at.getTime() + lagosOffsetMs(at)).getUTCHours();

export interface TextMessagesDeps {
  db: Database;
  sms: SmsSender;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** PUBLIC_URL: reminders link to the vehicle's check page only when it is set (no request to take an origin from). */
  publicUrl?: string;
  /** Whether a queued text is sent at once, after the answer (unset: true); false: only when sendDue() runs (tests). */
  sendOnQueue?: boolean;
}

/**
 * The text-message outbox's sender and the expiry reminders. Any process may send any queued text:
 * each is claimed by one sender (see claimDue) and sent once, unless the sender dies mid-send
 * (then again after the lease). A failure is logged and retried later; it never reaches a payment.
 */
export function createTextMessages(deps: TextMessagesDeps) {
  const { db, sms, clock, log } = deps;
  const queries = messageQueries(db);
  let running: Promise<string> | null = null;
  let again = false;
  let stopped = false;

  async function sendOne(text: { id: string; toPhone: string; body: string; attempts: number }): Promise<'sent' | 'retry' | 'failed'> {
    try {
      const { id } = await sms.send({ to: text.toPhone, body: text.body });
      await queries.markSent(text.id, clock.now(), sms.name, id);
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = text.attempts < MAX_SEND_ATTEMPTS ? new Date(clock.now().getTime() + retryDelayMs(text.attempts)) : null;
      log.warn(
        { err: error, sms: text.id, attempts: text.attempts, retryAt },
        retryAt ? 'A text message was not sent; it is tried again' : 'A text message was not sent; no more tries',
      );
      await queries.markAttemptFailed(text.id, message.slice(0, 500), retryAt);
      return retryAt ? 'retry' : 'failed';
    }
  }

  async function sendAll(): Promise<string> {
    const counts = { sent: 0, retry: 0, failed: 0 };
    do {
      again = false;
      for (;;) {
        const claimed = await queries.claimDue(clock.now(), SEND_LEASE_MS, SEND_BATCH);
        for (const text of claimed) counts[await sendOne(text)] += 1;
        if (claimed.length < SEND_BATCH) break;
      }
    } while (again);
    return `${counts.sent} sent, ${counts.retry} to try again, ${counts.failed} failed for good (${sms.name})`;
  }

  /** Sends every due text now, one run at a time per process; a wake during a run makes it look again. */
  function sendDue(): Promise<string> {
    if (running) {
      again = true;
      return running;
    }
    running = sendAll().finally(() => (running = null));
    return running;
  }

  function wake(): void {
    if (deps.sendOnQueue === false || stopped) return;
    setImmediate(() => void sendDue().catch((error) => log.error({ err: error }, 'Sending text messages failed; the job tries again')));
  }

  /**
   * Queues a reminder for each subscription expiring within three days that has none for this
   * expiry yet (see reminderCandidates), then sends them. Between 08:00 and 20:00 Lagos time only.
   * Two processes running it at once queue each reminder once: the unique (subscription, expiry)
   * index lets one insert in, the other's does nothing.
   */
  async function queueReminders(now: Date): Promise<string> {
    const hour = lagosHour(now);
    if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.to) return `night in Lagos (${hour}h): reminders wait for ${REMINDER_HOURS.from}:00`;
    let queued = 0;
    for (;;) {
      const candidates = await queries.reminderCandidates(now, REMINDER_LEAD_MS, REMINDER_BATCH);
      const reminders = candidates.map((candidate) => {
        const to = nigerianMobile(candidate.phone);
        return {
          kind: 'expiry_reminder' as const,
          motoristId: candidate.motoristId,
          toPhone: to ?? candidate.phone,
          body: expiryReminderText({
            plate: candidate.plateNumber,
            planName: candidate.planName,
            expiresAt: candidate.expiresAt,
            vehicleLink: deps.publicUrl ? `${deps.publicUrl}/v/${candidate.userCode}` : null,
            language: candidate.textLanguage,
          }),
          subscriptionId: candidate.subscriptionId,
          expiresAt: candidate.expiresAtText,
          at: now,
          problem: to ? undefined : NOT_A_MOBILE,
        };
      });
      const { inserted, pending } = await queries.queueMany(reminders);
      queued += pending;
      // A full batch of which nothing went in: another process queued them meanwhile; what is left waits for the next run.
      if (candidates.length < REMINDER_BATCH || inserted === 0) break;
    }
    if (queued > 0) wake();
    return `${queued} expiry reminders queued`;
  }

  return {
    sendDue,
    wake,
    queueReminders,
    /** Sends nothing more on a wake (the job runner is stopped first) and waits for a run in progress. */
    async stop(): Promise<void> {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
}
export type TextMessages = ReturnType<typeof createTextMessages>;
