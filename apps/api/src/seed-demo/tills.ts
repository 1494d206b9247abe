// The remitters' tills in the demo (issue 42): each evening a remitter holding cash closes the till
// with a count and a bank deposit, the next morning a remitter-manager approves it (now and then
// short, a little over, or rejected); one remitter stops lodging three days before the end and is
// over the cash limit by now. The tills service's rules (modules/tills: a close covers every open
// till and expects their cash; an approval posts the lodgement and any variance, a rejection opens
// the tills again) applied to the in-memory records (records.ts), with the audit rows they write.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AgentModeOfPayment, ModeOfPayment } from '@eticket/contracts';
import { cleanImage, type FileStore } from '../adapters/files.ts';
import { lagosDay } from '../domain/calendar.ts';
import { toKobo, toNaira, type Kobo } from '../domain/money.ts';
import type { Clock } from '../lib/clock.ts';
import { lodgementEntry, varianceEntry } from '../modules/ledger/index.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { PaymentMeans } from './levy.ts';
import type { DemoStaff } from './people.ts';
import { auditRow, recordingLedger, type CloseRecord, type DemoRecords, type TillRecord } from './records.ts';
import { DAY, type RandomSource } from './story.ts';

const BANKS = ['access bank', 'gtbank', 'first bank', 'zenith bank', 'uba', 'opay', 'moniepoint', 'palmpay', 'fidelity bank', 'wema bank'];
const REFERENCE_PREFIX: Record<Exclude<AgentModeOfPayment, 'cash'>, string> = { transfer: 'FT', pos: 'POS', card: 'CRD' };
/** Deposits of the last days carry a photo of their slip (a small generated image), for the console's slip link. */
const SLIP_DAYS = 14;

/** What the seed knows of each remitter's cash: it collected it, so it knows what a count should find. */
interface Holding {
  unlodgedKobo: Kobo;
  pending: { id: string; expectedKobo: Kobo; countedKobo: Kobo } | null;
}

/**
 * The tills' rows as the collections leave them (modules/tills collect.ts and repository.ts): a cash
 * payment goes to the remitter's current till, opened when there is none; its running totals (0047)
 * follow.
 */
export function tillBook(records: DemoRecords) {
  const current = new Map<string, TillRecord>();
  const byId = new Map<string, TillRecord>();
  const byRemitter = new Map<string, TillRecord[]>();
  const tillsOf = (remitterId: string) => byRemitter.get(remitterId) ?? [];
  return {
    currentTill(remitterId: string, at: Date): string {
      let till = current.get(remitterId);
      if (!till) {
        till = {
          id: randomUUID(),
          remitterId,
          openedAt: at,
          status: 'open',
          isCurrent: true,
          closeId: null,
          openedBy: 'collection',
          cashKobo: 0,
          firstCashAt: null,
        };
        records.tills.push(till);
        current.set(remitterId, till);
        byId.set(till.id, till);
        byRemitter.set(remitterId, [...tillsOf(remitterId), till]);
      }
      return till.id;
    },
    /** The remitter's open tills' cash and its oldest receive time, as the cash limits read them. */
    unlodged(remitterId: string): { cashKobo: Kobo; oldestReceivedAt: Date | null } {
      let cashKobo = 0;
      let oldest: Date | null = null;
      for (const till of tillsOf(remitterId)) {
        if (till.status !== 'open') continue;
        cashKobo += till.cashKobo;
        if (till.firstCashAt && (!oldest || till.firstCashAt < oldest)) oldest = till.firstCashAt;
      }
      return { cashKobo, oldestReceivedAt: oldest };
    },
    addCash(tillId: string, amountKobo: Kobo, at: Date): void {
      const till = byId.get(tillId)!;
      till.cashKobo += amountKobo;
      if (!till.firstCashAt || at < till.firstCashAt) till.firstCashAt = at;
    },
    /** A close takes every open till of the remitter: none is current any more. */
    markClosing(remitterId: string, closeId: string): Kobo {
      let expected = 0;
      for (const till of tillsOf(remitterId)) {
        if (till.status !== 'open') continue;
        expected += till.cashKobo;
        Object.assign(till, { status: 'closing', isCurrent: false, closeId });
      }
      current.delete(remitterId);
      return expected;
    },
    /** Approved: closed; rejected: open again, not current (the next close covers them). */
    decide(remitterId: string, closeId: string, approved: boolean): void {
      for (const till of tillsOf(remitterId)) {
        if (till.closeId !== closeId || till.status !== 'closing') continue;
        Object.assign(till, approved ? { status: 'closed' } : { status: 'open', closeId: null });
      }
    },
  };
}
export type TillBook = ReturnType<typeof tillBook>;

/** A close as the audit log keeps it (the tills service's snapshot). */
const snapshot = (close: CloseRecord) => ({
  status: close.status,
  remitterId: close.remitterId,
  counted: toNaira(close.countedKobo),
  expected: toNaira(close.expectedKobo),
  variance: (close.varianceKobo ?? null) === null ? null : toNaira(close.varianceKobo!),
  reason: close.reason ?? null,
});

function decide(close: CloseRecord, by: string, at: Date, status: 'approved' | 'rejected', reason: string | null, varianceKobo: Kobo | null): void {
  Object.assign(close, { status, decidedBy: by, decidedAt: at, reason, varianceKobo });
}

const closeAudit = (actorId: string, action: 'till_close.approved' | 'till_close.rejected', before: object, close: CloseRecord, at: Date) =>
  auditRow({ actorId, action, entityType: 'till_close', entityId: close.id, before: { ...before }, after: snapshot(close), at });

export function demoTills(deps: { files: FileStore; random: RandomSource; staff: DemoStaff; end: Date; clock: Clock; records: DemoRecords; book: TillBook }) {
  const { files, random, staff, end, clock, records, book } = deps;
  const ledger = recordingLedger(records);
  const closes = new Map<string, CloseRecord>();
  const remitters = staff.agents.remitter;
  const approvers = staff.managers['remitter-manager'];
  /** The remitter who stops lodging: over the limit by the end of the story. */
  const hoarder = remitters[remitters.length - 1];
  const holdings = new Map<string, Holding>(remitters.map((r) => [r.id, { unlodgedKobo: 0, pending: null }]));
  const stats = { closes: 0, approved: 0, short: 0, over: 0, rejected: 0, cashRefused: 0 };
  let serial = 0;
  let slip: Buffer | null = null;
  let cleanSlip: Awaited<ReturnType<typeof cleanImage>> | null = null;

  /** A mode of payment as remitters report them; non-cash with its bank and a reference of its channel. */
  function means(mode: AgentModeOfPayment): PaymentMeans {
    if (mode === 'cash') return { modeOfPayment: 'cash' };
    serial += 1;
    return { modeOfPayment: mode, bankName: random.pick(BANKS), reference: `${REFERENCE_PREFIX[mode]}${String(100_000_000 + serial * 7919)}` };
  }

  /** The hoarder's last days: not closing any more. */
  const hoarding = (now: Date) => end.getTime() - now.getTime() < 3 * DAY;

  return {
    stats,
    means,

    /** Who takes a payment: any remitter; in the last three days the hoarder often, so the cash they hold grows old. */
    remitterFor(now: Date): { id: string } {
      return hoarding(now) && random.chance(0.3) ? hoarder : random.pick(remitters);
    },

    /**
     * Takes a payment: cash refused by the limits (the remitter holds too much or too long) is taken
     * by transfer instead, as the refusal tells the remitter. Cash taken is added to what they hold.
     */
    async collect<R extends { body: { data: { payment: { amount: number; modeOfPayment: ModeOfPayment } } } }>(
      remitterId: string,
      mode: AgentModeOfPayment,
      pay: (means: PaymentMeans) => Promise<R>,
    ): Promise<R> {
      let paid: R;
      // The hoarder takes cash whenever they can in their last days.
      const wanted = remitterId === hoarder.id && hoarding(clock.now()) ? 'cash' : mode;
      try {
        paid = await pay(means(wanted));
      } catch (error) {
        if (!(wanted === 'cash' && error instanceof HttpError && error.statusCode === 409)) throw error;
        stats.cashRefused += 1;
        paid = await pay(means('transfer'));
      }
      const { payment } = paid.body.data;
      if (payment.modeOfPayment === 'cash') holdings.get(remitterId)!.unlodgedKobo += toKobo(payment.amount);
      return paid;
    },

    /** The evening: every remitter holding cash counts it and deposits it (the hoarder not in the last three days). */
    async closeAll(): Promise<void> {
      const now = clock.now();
      for (const remitter of remitters) {
        const holding = holdings.get(remitter.id)!;
        if (holding.unlodgedKobo === 0 || holding.pending) continue;
        if (remitter.id === hoarder.id && hoarding(now)) continue;
        const expectedKobo = holding.unlodgedKobo;
        const roll = random.next();
        const countedKobo =
          roll < 0.12 ? Math.max(0, expectedKobo - random.int(1, 40) * 5000) : roll < 0.16 ? expectedKobo + random.int(1, 10) * 5000 : expectedKobo;
        const withSlip = end.getTime() - now.getTime() < SLIP_DAYS * DAY;
        const day = lagosDay(now);
        const id = randomUUID();
        if (book.markClosing(remitter.id, id) !== expectedKobo) throw new Error(`the tills of ${remitter.id} do not hold what was collected`);
        const close: CloseRecord = {
          id,
          remitterId: remitter.id,
          status: 'pending',
          expectedKobo,
          countedKobo,
          lodgementKind: 'deposit',
          bankName: random.pick(BANKS),
          tellerNo: `TLR${day.replaceAll('-', '')}${random.int(1000, 9999)}`,
          lodgedOn: day,
          slipFile: withSlip ? await slipFile() : null,
          transferReference: null,
          capturedAt: now,
          receivedAt: now,
          idempotencyKey: randomUUID(),
        };
        records.closes.push(close);
        closes.set(id, close);
        holding.pending = { id, expectedKobo, countedKobo };
        holding.unlodgedKobo = 0;
        stats.closes += 1;
      }
    },

    /** The morning: a remitter-manager decides every close waiting; a variance is approved with a reason, a few closes are rejected. */
    async decideAll(): Promise<void> {
      const now = clock.now();
      for (const remitter of remitters) {
        const holding = holdings.get(remitter.id)!;
        if (!holding.pending) continue;
        const approver = random.pick(approvers);
        const { id, expectedKobo, countedKobo } = holding.pending;
        holding.pending = null;
        const close = closes.get(id)!;
        const before = snapshot(close);
        if (random.chance(0.02)) {
          book.decide(remitter.id, id, false);
          decide(close, approver.id, now, 'rejected', 'The teller number is not on the bank statement: check the slip and close again', null);
          records.audit.push(closeAudit(approver.id, 'till_close.rejected', before, close, now));
          holding.unlodgedKobo += expectedKobo;
          stats.rejected += 1;
          continue;
        }
        const varianceKobo = countedKobo - expectedKobo;
        const reason =
          varianceKobo === 0
            ? null
            : random.pick(
                countedKobo < expectedKobo
                  ? ['Agent agrees to repay the shortage', 'Change given short']
                  : ['Counting error at the till', 'Change not given back'],
              );
        const posting = { id, remitterId: remitter.id, countedKobo, varianceKobo, at: close.capturedAt, approvedBy: approver.id };
        for (const entry of [lodgementEntry(posting), varianceEntry(posting)]) if (entry) await ledger.post(entry);
        book.decide(remitter.id, id, true);
        decide(close, approver.id, now, 'approved', reason, varianceKobo);
        records.audit.push(closeAudit(approver.id, 'till_close.approved', before, close, now));
        stats.approved += 1;
        if (varianceKobo < 0) stats.short += 1;
        if (varianceKobo > 0) stats.over += 1;
      }
    },
  };

  /** A stored photo of a deposit slip: checked and cleaned as the close route does, once; saved for each close. */
  async function slipFile(): Promise<string> {
    cleanSlip ??= await cleanImage('slip', await slipImage());
    return files.save(cleanSlip.bytes, cleanSlip.type);
  }

  /** A small picture standing for a photographed deposit slip. */
  async function slipImage(): Promise<Buffer> {
    slip ??= await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 236, g: 240, b: 228 } } })
      .jpeg()
      .toBuffer();
    return slip;
  }
}
export type DemoTills = ReturnType<typeof demoTills>;
