import { FLAG_RULES, type FieldFlag, type FlagList, type FlagSummary, paginatorOf, type flagListQuery, type flagReviewRequest } from '@eticket/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/connect.ts';
import { startOfLagosDay, startOfNextLagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { flagQueries, type FlagQueries, type FlagRow, type NewFlag } from './repository.ts';
import { heldBack, lateDraft, previousContact, scanDrafts, type FlagSettings, type ScanCapture } from './rules.ts';

type ListQuery = z.output<typeof flagListQuery>;
type ReviewInput = z.output<typeof flagReviewRequest>;

/** Where a flag that could not be written is told (a logger's warn). */
export interface FlagLog {
  warn(details: object, message: string): void;
}

/** A payment just recorded, as the rules see it. */
export interface PaymentCapture {
  paymentId: string;
  agentId: string;
  motoristId: string;
  at: Date;
  received: Date;
}

/** A cash payment the tills refused because the remitter's till is over its limit: the money was taken all the same. */
export interface RefusedCash {
  agentId: string;
  /** The payment's Idempotency-Key: one flag however often the phone sends it again. */
  key: string;
  motoristId: string | null;
  amountKobo: number;
  reason: string;
  at: Date;
  received: Date;
}

/**
 * The rules as the field service runs them (docs/flags.md). Each capture is checked after its own
 * transaction has committed, against a few index-backed rows around it, and a failure is logged and
 * swallowed: a flag never blocks or undoes a capture. The held-penalty rule alone runs inside the
 * scan's transaction, since it decides whether the scan adds its penalty.
 */
export function createFieldFlags(deps: { db: Database; settings: FlagSettings; log?: FlagLog }) {
  const { settings } = deps;
  const queries = flagQueries(deps.db);

  async function safely(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      deps.log?.warn({ err: error }, `flag rules could not check ${what}`);
    }
  }

  return {
    settings,

    /** The speed, cloned-sticker, scan-rate and late rules on a scan just recorded. */
    afterScan(scan: ScanCapture): Promise<void> {
      return safely('a scan', async () => {
        const near = await queries.scanNeighbours(scan, settings.stickerMinutes);
        const drafts = scanDrafts(settings, scan, near);
        await queries.insertFlags(
          drafts.map((draft) => ({
            ...draft,
            agentId: scan.agentId,
            scanId: scan.scanId,
            motoristId: scan.motoristId,
            capturedAt: scan.at,
            receivedAt: scan.received,
          })),
        );
      });
    },

    /** The late rule on a payment just recorded. */
    afterPayment(payment: PaymentCapture): Promise<void> {
      const late = lateDraft(settings, payment.paymentId, payment.at, payment.received);
      if (!late) return Promise.resolve();
      return safely('a payment', () =>
        queries.insertFlags([
          {
            ...late,
            agentId: payment.agentId,
            paymentId: payment.paymentId,
            motoristId: payment.motoristId,
            capturedAt: payment.at,
            receivedAt: payment.received,
          },
        ]),
      );
    },

    /** Cash taken while the remitter's till was over its limit (the payment itself was refused). */
    cashRefused(refused: RefusedCash): Promise<void> {
      return safely('a refused cash payment', () =>
        queries.insertFlags([
          {
            rule: 'cash-over-limit',
            subject: refused.key,
            details: { amountKobo: refused.amountKobo, reason: refused.reason },
            agentId: refused.agentId,
            motoristId: refused.motoristId,
            capturedAt: refused.at,
            receivedAt: refused.received,
          },
        ]),
      );
    },

    /**
     * In the scan's transaction: the agent's previous contact when a penalty scan captured at `at`
     * was held back past it (it then adds no penalty: see heldPenaltyFlag), else null.
     */
    async heldSince(tx: Database, agentId: string, at: Date, received: Date): Promise<Date | null> {
      const previous = previousContact(settings, await flagQueries(tx).contactOf(agentId), received);
      return heldBack(settings, previous, at) ? previous : null;
    },

    /** In the scan's transaction: the flag of a held-back penalty scan (written with the scan, or not at all). */
    async heldPenaltyFlag(tx: Database, flag: Omit<NewFlag, 'rule' | 'subject' | 'details'> & { scanId: string; previousContact: Date; penaltyKobo: number }) {
      await flagQueries(tx).insertFlags([
        {
          ...flag,
          rule: 'held-penalty',
          subject: flag.scanId,
          details: {
            previousContactAt: flag.previousContact.toISOString(),
            penaltyWithheldKobo: flag.penaltyKobo,
            slackMinutes: settings.contactSlackMinutes,
          },
        },
      ]);
    },
  };
}
export type FieldFlags = ReturnType<typeof createFieldFlags>;

const km = (value: unknown) => `${String(value)} km`;

/** A flag's measure in words, for the queue. */
export function summaryOf(row: Pick<FlagRow, 'rule' | 'details'>): string {
  const d = row.details;
  switch (row.rule) {
    case 'speed':
      return `${km(d.km)} in ${String(d.minutes)} min: ${d.kmh === null ? 'no time between' : `${String(d.kmh)} km/h`} (limit ${String(d.limitKmh)} km/h)`;
    case 'cloned-sticker':
      return `scanned ${km(d.km)} apart within ${String(d.minutes)} min (limit ${km(d.limitKm)})`;
    case 'scan-rate':
      return `${String(d.scans)} scans in a minute (limit ${String(d.limitPerMinute)})`;
    case 'late':
      return `reached the server ${String(d.hoursLate)} h after capture (limit ${String(d.limitHours)} h)`;
    case 'cash-over-limit':
      return `cash of ₦${(Number(d.amountKobo) / 100).toLocaleString('en-NG')} taken while the till was over its limit`;
    case 'held-penalty':
      return `penalty scan captured before the agent's contact at ${String(d.previousContactAt)}: no penalty added`;
  }
}

export function toFieldFlag(row: FlagRow): FieldFlag {
  return {
    id: row.id,
    rule: row.rule,
    status: row.status,
    agent: row.agent,
    motorist: row.motorist,
    scanId: row.scanId,
    paymentId: row.paymentId,
    capturedAt: row.capturedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    summary: summaryOf(row),
    details: row.details,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const instant = (value: string, next: boolean) => (DATE_ONLY.test(value) ? (next ? startOfNextLagosDay(value) : startOfLagosDay(value)) : new Date(value));

/** The Flags queue: the list, the per-rule and per-agent summary, a review. */
export function createFlagReviewService(deps: { repository: FlagQueries; clock: Clock }) {
  const { repository, clock } = deps;
  return {
    async list(query: ListQuery): Promise<FlagList> {
      const from = query.startDate ? instant(query.startDate, false) : undefined;
      const to = query.endDate ? instant(query.endDate, true) : undefined;
      if (from && to && from.getTime() > to.getTime()) throw badRequest('startDate must not be after endDate');
      const { rows, total } = await repository.page(
        { rule: query.rule, status: query.status, agentId: query.agent, from, to },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return { data: rows.map(toFieldFlag), paginator: paginatorOf(query.page, query.limit, total) };
    },

    async summary(): Promise<FlagSummary> {
      const [counts, agents] = await Promise.all([repository.ruleCounts(), repository.agentCounts(20)]);
      const rules = FLAG_RULES.map((rule) => {
        const found = counts.find((c) => c.rule === rule) ?? { open: 0, confirmed: 0, falseAlarms: 0 };
        const reviewed = found.confirmed + found.falseAlarms;
        return { rule, ...found, falseAlarmRate: reviewed === 0 ? null : Math.round((found.falseAlarms / reviewed) * 1000) / 1000 };
      });
      return { rules, agents };
    },

    async review(reviewer: { id: string }, id: string, input: ReviewInput): Promise<{ message: string; data: FieldFlag }> {
      const done = await repository.review(id, input.decision, reviewer.id, input.note || null, clock.now());
      const row = await repository.lookup(id);
      if (!row) throw notFound('No flag with this id');
      if (!done) throw conflict('This flag was reviewed already');
      return { message: input.decision === 'confirmed' ? 'Flag confirmed' : 'Flag marked a false alarm', data: toFieldFlag(row) };
    },
  };
}
export type FlagReviewService = ReturnType<typeof createFlagReviewService>;
