/**
 * The console's Tills page and the remitter dashboard's till cards (issue 42; docs/tills.md): open
 * tills, closes (waiting, approved, rejected), one close with its collections, and the summary.
 * Amounts in naira; times ISO instants.
 */
import { z } from 'zod';
import { MODES_OF_PAYMENT } from '../../domain.ts';
import { listQuery, paginated } from '../../schemas/common.ts';
import { LODGEMENT_KINDS, TILL_CLOSE_STATUSES } from '../tills/schemas.ts';

const trueOrFalse = (name: string) => z.enum(['true', 'false'], { message: `${name} must be true or false` }).optional();

export const tillRemitter = z.object({ id: z.string(), fullName: z.string(), userCode: z.string() });
export type TillRemitter = z.infer<typeof tillRemitter>;

/** An open till: the cash its remitter holds and has not closed yet. */
export const openTill = z.object({
  id: z.string(),
  remitter: tillRemitter,
  openedAt: z.string(),
  /** Naira: the cash collections in it (what the remitter should hold). */
  expected: z.number(),
  /** Cash collections in it, and of those, how many reached the server late (TILL_LATE_HOURS after capture). */
  collections: z.number().int(),
  lateCollections: z.number().int(),
  /** Server receive time of its latest collection; null for a till opened explicitly and still empty. */
  lastCollectionAt: z.string().nullable(),
  /** Hours since its oldest collection reached the server (or since it opened, when empty). */
  ageHours: z.number(),
  /** Held longer than TILL_CASH_LIMIT_HOURS, or more than TILL_CASH_LIMIT_NAIRA: the remitter's cash collections are refused. */
  overLimit: z.boolean(),
});
export type OpenTill = z.infer<typeof openTill>;

/**
 * GET /api/tills: open tills, oldest first. search: part of the remitter's name, or the start of
 * their Unique ID; overLimit=true: only tills over a limit; startDate/endDate: opened in that range
 * (YYYY-MM-DD is a whole Lagos day).
 */
export const openTillsQuery = listQuery.omit({ online: true }).extend({ overLimit: trueOrFalse('overLimit') });
export type OpenTillsQuery = z.input<typeof openTillsQuery>;
export const openTillList = paginated(openTill);
export type OpenTillList = z.infer<typeof openTillList>;

export const lodgementDetails = z.object({
  kind: z.enum(LODGEMENT_KINDS),
  /** Deposit: the bank and the teller (or slip) number. */
  bankName: z.string().nullable(),
  tellerNo: z.string().nullable(),
  /** Transfer: its reference. */
  reference: z.string().nullable(),
  /** YYYY-MM-DD */
  lodgedOn: z.string(),
});
export type LodgementDetails = z.infer<typeof lodgementDetails>;

/** A close: the remitter's blind count and lodgement, and the decision on it. */
export const tillClose = z.object({
  id: z.string(),
  remitter: tillRemitter,
  status: z.enum(TILL_CLOSE_STATUSES),
  /** When the server received it, and when the phone captured it. */
  submittedAt: z.string(),
  capturedAt: z.string(),
  /** Naira: counted (= lodged), expected (the tills' cash), variance = counted − expected (short below zero). */
  counted: z.number(),
  expected: z.number(),
  variance: z.number(),
  lodgement: lodgementDetails,
  /** A link to the photo of the deposit slip, valid for a few minutes; null when none was sent. */
  slipUrl: z.string().nullable(),
  decidedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TillClose = z.infer<typeof tillClose>;

/**
 * GET /api/tills/closes: newest first. status: one status; remitter: one remitter's (an id);
 * varianceOnly=true: approved closes whose count differed; search: the remitter's name or Unique ID
 * start; startDate/endDate: submitted in that range.
 */
export const tillClosesQuery = listQuery.omit({ online: true }).extend({
  status: z.enum(TILL_CLOSE_STATUSES, { message: `status must be one of ${TILL_CLOSE_STATUSES.join(', ')}` }).optional(),
  remitter: z.uuid({ message: 'remitter must be a valid id' }).optional(),
  varianceOnly: trueOrFalse('varianceOnly'),
});
export type TillClosesQuery = z.input<typeof tillClosesQuery>;
export const tillCloseList = paginated(tillClose);
export type TillCloseList = z.infer<typeof tillCloseList>;

/** A cash collection a close covers. */
export const tillCollection = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'penalty']),
  receiptNo: z.string(),
  amount: z.number(),
  motorist: z.object({ fullName: z.string(), userCode: z.string() }),
  capturedAt: z.string(),
  receivedAt: z.string().nullable(),
  late: z.boolean(),
});
export type TillCollection = z.infer<typeof tillCollection>;

export const tillCloseDetail = tillClose.extend({ collections: z.array(tillCollection) });
export type TillCloseDetail = z.infer<typeof tillCloseDetail>;
export const tillCloseDetailResponse = z.object({ data: tillCloseDetail });

/** A remitter's unlodged cash: the cash in their open tills. */
export const unlodgedCash = z.object({
  remitter: tillRemitter,
  amount: z.number(),
  /** Server receive time of the oldest unlodged collection. */
  oldestAt: z.string(),
  ageHours: z.number(),
  overLimit: z.boolean(),
});
export type UnlodgedCash = z.infer<typeof unlodgedCash>;

/** GET /api/tills/summary: the remitter dashboard's till cards. */
export const tillSummary = z.object({
  /** Today (Lagos day): successful collections by mode of payment, every mode listed. */
  today: z.array(z.object({ mode: z.enum(MODES_OF_PAYMENT), count: z.number().int(), amount: z.number() })),
  /** The remitters holding the most unlodged cash (at most 10), most first; total: of every remitter. */
  unlodged: z.object({ total: z.number(), remitters: z.number().int(), top: z.array(unlodgedCash) }),
  /** Remitters over a limit (cash collections refused): how many, and the first 10 by amount. */
  overLimit: z.object({ count: z.number().int(), top: z.array(unlodgedCash) }),
  /** Approved closes this Lagos month whose count differed: how many, naira short (≥ 0) and over. */
  variancesThisMonth: z.object({ count: z.number().int(), short: z.number(), over: z.number() }),
  limits: z.object({ hours: z.number(), naira: z.number() }),
});
export type TillSummary = z.infer<typeof tillSummary>;
export const tillSummaryResponse = z.object({ data: tillSummary });
