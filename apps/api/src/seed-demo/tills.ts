// The remitters' tills in the demo (issue 42): each evening a remitter holding cash closes the till
// with a count and a bank deposit, the next morning a remitter-manager approves it (now and then
// short, a little over, or rejected); one remitter stops lodging three days before the end and is
// over the cash limit by now. Everything goes through the tills and field services, as a phone and
// the console would.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ModeOfPayment } from '@eticket/contracts';
import type { FileStore } from '../adapters/files.ts';
import type { Database } from '../db/connect.ts';
import { lagosDay } from '../domain/calendar.ts';
import { toKobo, toNaira, type Kobo } from '../domain/money.ts';
import type { Clock } from '../lib/clock.ts';
import { HttpError } from '../platform/http/errors.ts';
import { tillsOn } from '../modules/tills/index.ts';
import type { DemoStaff } from './people.ts';
import { DAY, type RandomSource } from './story.ts';

const BANKS = ['access bank', 'gtbank', 'first bank', 'zenith bank', 'uba', 'opay', 'moniepoint', 'palmpay', 'fidelity bank', 'wema bank'];
const REFERENCE_PREFIX: Record<Exclude<ModeOfPayment, 'cash'>, string> = { transfer: 'FT', pos: 'POS', card: 'CRD' };
/** Deposits of the last days carry a photo of their slip (a small generated image), for the console's slip link. */
const SLIP_DAYS = 14;

export interface PaymentMeans {
  modeOfPayment: ModeOfPayment;
  bankName?: string;
  reference?: string;
}

/** What the seed knows of each remitter's cash: it collected it, so it knows what a count should find. */
interface Holding {
  unlodgedKobo: Kobo;
  pending: { id: string; expectedKobo: Kobo; countedKobo: Kobo } | null;
}

export function demoTills(deps: { files: FileStore; random: RandomSource; staff: DemoStaff; end: Date; clock: Clock }) {
  const { files, random, staff, end, clock } = deps;
  const remitters = staff.agents.remitter;
  const approvers = staff.managers['remitter-manager'];
  /** The remitter who stops lodging: over the limit by the end of the story. */
  const hoarder = remitters[remitters.length - 1];
  const holdings = new Map<string, Holding>(remitters.map((r) => [r.id, { unlodgedKobo: 0, pending: null }]));
  const stats = { closes: 0, approved: 0, short: 0, over: 0, rejected: 0, cashRefused: 0 };
  let serial = 0;
  let slip: Buffer | null = null;

  /** A mode of payment as remitters report them; non-cash with its bank and a reference of its channel. */
  function means(mode: ModeOfPayment): PaymentMeans {
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
      mode: ModeOfPayment,
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
    async closeAll(tx: Database): Promise<void> {
      const now = clock.now();
      const service = tillsOn({ db: tx, files, clock });
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
        const { body } = await service.closeTill(
          remitter,
          randomUUID(),
          {
            counted: toNaira(countedKobo),
            lodgement: { kind: 'deposit', bankName: random.pick(BANKS), tellerNo: `TLR${day.replaceAll('-', '')}${random.int(1000, 9999)}`, lodgedOn: day },
            capturedAt: now.toISOString(),
          },
          withSlip ? await slipImage() : undefined,
        );
        holding.pending = { id: body.data.id, expectedKobo, countedKobo };
        holding.unlodgedKobo = 0;
        stats.closes += 1;
      }
    },

    /** The morning: a remitter-manager decides every close waiting; a variance is approved with a reason, a few closes are rejected. */
    async decideAll(tx: Database): Promise<void> {
      const service = tillsOn({ db: tx, files, clock });
      for (const remitter of remitters) {
        const holding = holdings.get(remitter.id)!;
        if (!holding.pending) continue;
        const approver = random.pick(approvers);
        const { id, expectedKobo, countedKobo } = holding.pending;
        holding.pending = null;
        if (random.chance(0.02)) {
          await service.rejectClose(approver, id, 'The teller number is not on the bank statement: check the slip and close again');
          holding.unlodgedKobo += expectedKobo;
          stats.rejected += 1;
          continue;
        }
        const reason =
          countedKobo === expectedKobo
            ? undefined
            : random.pick(
                countedKobo < expectedKobo
                  ? ['Agent agrees to repay the shortage', 'Change given short']
                  : ['Counting error at the till', 'Change not given back'],
              );
        const decision = await service.approveClose(approver, id, reason);
        stats.approved += 1;
        if ((decision.variance ?? 0) < 0) stats.short += 1;
        if ((decision.variance ?? 0) > 0) stats.over += 1;
      }
    },
  };

  /** A small picture standing for a photographed deposit slip. */
  async function slipImage(): Promise<Buffer> {
    slip ??= await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 236, g: 240, b: 228 } } })
      .jpeg()
      .toBuffer();
    return slip;
  }
}
export type DemoTills = ReturnType<typeof demoTills>;
