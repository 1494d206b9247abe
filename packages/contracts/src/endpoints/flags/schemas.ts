/**
 * Flags on field activity (issue 44; docs/flags.md): captures a rule found impossible or suspicious,
 * raised as they arrive and never blocking them, for a person to review as confirmed or a false alarm.
 */
import { z } from 'zod';
import { listQuery, paginated } from '../../schemas/common.ts';

export const FLAG_RULES = ['speed', 'cloned-sticker', 'scan-rate', 'late', 'cash-over-limit', 'held-penalty'] as const;
export type FlagRule = (typeof FLAG_RULES)[number];
export const FLAG_STATUSES = ['open', 'confirmed', 'false-alarm'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];
export const FLAG_DECISIONS = ['confirmed', 'false-alarm'] as const;

/** What each rule means, as the console names it. */
export const FLAG_RULE_LABELS: Record<FlagRule, string> = {
  speed: 'Impossible travel',
  'cloned-sticker': 'Sticker in two places',
  'scan-rate': 'Too many scans a minute',
  late: 'Reached the server late',
  'cash-over-limit': 'Cash taken over the till limit',
  'held-penalty': 'Penalty scan held back',
};

/** The rules' thresholds when their settings (FLAG_*) are unset. */
export const DEFAULT_FLAG_SETTINGS = {
  /** FLAG_MAX_SPEED_KMH: two captures of one agent whose places imply more than this. */
  maxSpeedKmh: 120,
  /** FLAG_STICKER_MINUTES / FLAG_STICKER_KM: one sticker scanned twice within this many minutes, further apart than this. */
  stickerMinutes: 10,
  stickerKm: 5,
  /** FLAG_SCANS_PER_MINUTE: more scans than this by one agent within a minute. */
  scansPerMinute: 30,
  /** FLAG_LATE_HOURS: a capture reaching the server more than this many hours after it was made. */
  lateHours: 6,
  /** FLAG_CONTACT_GAP_SECONDS: requests less than this apart are one sitting (a phone sending its queue). */
  contactGapSeconds: 120,
  /** FLAG_CONTACT_SLACK_MINUTES: a penalty scan captured more than this before the previous contact adds no penalty. */
  contactSlackMinutes: 5,
} as const;

const person = z.object({ id: z.string(), fullName: z.string(), userCode: z.string() });

export const fieldFlag = z.object({
  id: z.string(),
  rule: z.enum(FLAG_RULES),
  status: z.enum(FLAG_STATUSES),
  agent: person,
  motorist: person.nullable(),
  scanId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** The capture's time on the phone and when the server received it (ISO instants). */
  capturedAt: z.string(),
  receivedAt: z.string(),
  /** What the rule measured, in words (e.g. "5.2 km in 2 minutes: 156 km/h"). */
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  reviewedBy: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type FieldFlag = z.infer<typeof fieldFlag>;

/** GET /api/flags: newest first; rule, status, agent (an id) filter; startDate/endDate: received in that range. */
export const flagListQuery = listQuery.omit({ online: true, search: true }).extend({
  rule: z.enum(FLAG_RULES, { message: `rule must be one of ${FLAG_RULES.join(', ')}` }).optional(),
  status: z.enum(FLAG_STATUSES, { message: `status must be one of ${FLAG_STATUSES.join(', ')}` }).optional(),
  agent: z.uuid({ message: 'agent must be a valid id' }).optional(),
});
export type FlagListQuery = z.input<typeof flagListQuery>;
export const flagList = paginated(fieldFlag);
export type FlagList = z.infer<typeof flagList>;

/** PATCH /api/flags/:id: the reviewer's decision and an optional note. */
export const flagReviewRequest = z.object({
  decision: z.enum(FLAG_DECISIONS, { message: 'decision must be confirmed or false-alarm' }),
  note: z.string({ error: 'note must be text' }).trim().max(500, 'note is at most 500 characters').optional(),
});
export type FlagReviewRequest = z.input<typeof flagReviewRequest>;
export const flagReviewResponse = z.object({ message: z.string(), data: fieldFlag });

/** Per rule: flags open, confirmed, false alarms, and the false-alarm rate of those reviewed (0 to 1; null: none reviewed). */
export const flagRuleSummary = z.object({
  rule: z.enum(FLAG_RULES),
  open: z.number().int(),
  confirmed: z.number().int(),
  falseAlarms: z.number().int(),
  falseAlarmRate: z.number().nullable(),
});
/** Agents with open flags, most first (top 20). */
export const flagAgentSummary = z.object({ agent: person, open: z.number().int() });
export const flagSummaryResponse = z.object({
  data: z.object({ rules: z.array(flagRuleSummary), agents: z.array(flagAgentSummary) }),
});
export type FlagSummary = z.infer<typeof flagSummaryResponse>['data'];
