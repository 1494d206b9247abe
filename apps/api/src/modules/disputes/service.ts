import { randomInt } from 'node:crypto';
import {
  DISPUTE_DUE_HOURS,
  DISPUTE_OUTCOME_LABELS,
  codeKey,
  maskPhone,
  paginatorOf,
  parseReceiptNo,
  type Dispute,
  type DisputeDetail,
  type DisputeListQuery,
  type DisputeReportForm,
  type DisputeSource,
  type DisputeSummary,
  type Paginated,
  type TextLanguage,
} from '@eticket/contracts';
import { createdRange } from '../../lists/created-range.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Actor } from '../../platform/audit.ts';
import { nigerianMobile } from '../../domain/phone.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { DisputeQueries, DisputeRow, DisputeLinks } from './repository.ts';
import { outcomeSms } from './texts.ts';

const HOUR_MS = 60 * 60 * 1000;
const DUE_MS = DISPUTE_DUE_HOURS * HOUR_MS;
/** Unambiguous characters (no 0/O, 1/I/L) for a reference read out over the phone. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE = /^DSP-[A-HJ-NP-Z2-9]{8}$/;
const USER_CODE = /^[a-z0-9]{4,64}$/;

function newReference(): string {
  let text = 'DSP-';
  for (let i = 0; i < 8; i += 1) text += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return text;
}

/**
 * A page's code as stored: as the check pages read it when well-formed, else as typed (trimmed), so
 * that the report pages, like the check pages, answer alike for a malformed and an unknown code;
 * null only for what no URL of a sticker or receipt could hold (empty, over 64 characters, control characters).
 */
export function sourceCodeOf(source: DisputeSource, code: string): string | null {
  if (source === 'receipt') {
    const receiptNo = parseReceiptNo(code);
    if (receiptNo) return receiptNo;
  } else {
    const userCode = codeKey(code);
    if (USER_CODE.test(userCode)) return userCode;
  }
  const typed = code.trim();
  // eslint-disable-next-line no-control-regex
  return typed.length >= 1 && typed.length <= 64 && !/[\u0000-\u001f\u007f]/.test(typed) ? typed : null;
}

/** 2348031234567 → 0803***4567, as the people lists mask a phone of class contact. */
const maskedPhone = (phone: string) => maskPhone(`0${phone.slice(3)}`);

export function createDisputeService(deps: {
  queries: DisputeQueries;
  clock: Clock;
  levyName: string;
  /** Wakes the SMS sender after an outcome is queued. */
  textQueued: () => void;
}) {
  const { queries, clock } = deps;

  function view(row: DisputeRow, now: Date): Dispute {
    const ageMs = now.getTime() - row.createdAt.getTime();
    return {
      id: row.id,
      reference: row.reference,
      source: row.source,
      sourceCode: row.sourceCode,
      reason: row.reason,
      description: row.description,
      // Personal data (DISPUTE_PERSONAL_DATA): never whole in a reply.
      phone: row.phone ? maskedPhone(row.phone) : null,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      dueAt: new Date(row.createdAt.getTime() + DUE_MS).toISOString(),
      ageHours: Math.max(0, Math.floor(ageMs / HOUR_MS)),
      overdue: row.state !== 'resolved' && ageMs > DUE_MS,
      motorist: row.motorist,
      agent: row.agent,
      receiptNo: row.receiptNo,
      scan: row.scan ? { id: row.scan.id, createdAt: row.scan.createdAt.toISOString(), agent: row.scan.agent } : null,
      assignee: row.assignee,
      outcome: row.outcome,
      outcomeText: row.outcomeText,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      resolvedBy: row.resolvedBy,
    };
  }

  async function detail(id: string): Promise<DisputeDetail> {
    const row = await queries.lookup(id);
    if (!row) throw notFound();
    const notes = await queries.notes(id);
    return { ...view(row, clock.now()), notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })) };
  }

  async function links(source: DisputeSource, code: string, now: Date): Promise<DisputeLinks> {
    const none = { motoristId: null, agentId: null, receiptNo: null, scanId: null };
    if (source !== 'receipt' && !USER_CODE.test(code)) return none;
    if (source === 'vehicle') return queries.vehicleLinks(code, new Date(now.getTime() - DUE_MS), now);
    if (source === 'agent') return queries.agentLinks(code);
    return parseReceiptNo(code) ? queries.receiptLinks(code) : none;
  }

  return {
    levyName: deps.levyName,

    /**
     * Records a report from a check page (the form already checked): links it to what the page's
     * code names, and answers its reference. `phone`: checked to be a Nigerian mobile before.
     */
    async report(source: DisputeSource, code: string, form: DisputeReportForm & { phone234: string | null; language: TextLanguage }): Promise<string> {
      const now = clock.now();
      const found = await links(source, code, now);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const reference = newReference();
        const id = await queries.insert({
          ...found,
          reference,
          source,
          sourceCode: code,
          reason: form.reason,
          description: form.description,
          phone: form.phone234,
          language: form.language,
          at: now,
        });
        if (id) return reference;
      }
      throw new Error('No free dispute reference after 5 draws');
    },

    async list(query: DisputeListQuery & { page: number; limit: number }): Promise<Paginated<Dispute>> {
      const now = clock.now();
      const range = createdRange(query.startDate, query.endDate);
      const search = query.search?.trim();
      const { rows, total } = await queries.page(
        {
          state: query.state,
          reason: query.reason,
          age: query.age,
          search: search ? search : undefined,
          from: range.createdFrom,
          to: range.createdBefore,
          dueBefore: new Date(now.getTime() - DUE_MS),
        },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return { data: rows.map((row) => view(row, now)), paginator: paginatorOf(query.page, query.limit, total) };
    },

    detail,

    async summary(): Promise<DisputeSummary> {
      const now = clock.now();
      const counts = await queries.summary(new Date(now.getTime() - DUE_MS), new Date(now.getTime() - 7 * 24 * HOUR_MS));
      return { open: counts.open, inReview: counts.inReview, overdue: counts.overdue, resolvedLast7Days: counts.resolvedSince };
    },

    assignees: () => queries.assignees(),

    async assign(actor: Actor, id: string, assigneeId: string): Promise<DisputeDetail> {
      const staff = await queries.assignees();
      if (!staff.some((person) => person.id === assigneeId)) throw badRequest('assigneeId must be an approved admin who works the disputes queue');
      const now = clock.now();
      await queries.transaction(async (unit) => {
        const current = await unit.disputes.lock(id);
        if (!current) throw notFound();
        if (current.state === 'resolved') throw conflict('This dispute is resolved already');
        await unit.disputes.assign(id, assigneeId, now);
        await unit.audit({
          actorId: actor.id,
          action: 'dispute.assigned',
          entityType: 'dispute',
          entityId: id,
          before: { state: current.state, assigneeId: current.assigneeId },
          after: { state: 'in_review', assigneeId },
          at: now,
        });
      });
      return detail(id);
    },

    async addNote(actor: Actor, id: string, note: string): Promise<DisputeDetail> {
      const added = await queries.addNote({ disputeId: id, authorId: actor.id, body: note, at: clock.now() });
      if (!added) throw notFound();
      return detail(id);
    },

    /** Resolves once; the outcome text goes to the reporter's phone through the SMS outbox, in the same transaction. */
    async resolve(
      actor: Actor,
      id: string,
      resolution: { outcome: 'upheld' | 'not_upheld'; outcomeText: string },
    ): Promise<{ detail: DisputeDetail; texted: boolean }> {
      const now = clock.now();
      const texted = await queries.transaction(async (unit) => {
        const current = await unit.disputes.lock(id);
        if (!current) throw notFound();
        if (current.state === 'resolved') throw conflict('This dispute is resolved already');
        await unit.disputes.resolve(id, { ...resolution, by: actor.id, now });
        if (current.phone) {
          await unit.disputes.queueText({
            disputeId: id,
            toPhone: current.phone,
            body: outcomeSms(deps.levyName, current.reference, resolution.outcomeText, current.language),
            at: now,
          });
        }
        await unit.audit({
          actorId: actor.id,
          action: 'dispute.resolved',
          entityType: 'dispute',
          entityId: id,
          before: { state: current.state },
          after: {
            state: 'resolved',
            outcome: resolution.outcome,
            outcomeLabel: DISPUTE_OUTCOME_LABELS[resolution.outcome],
            outcomeText: resolution.outcomeText,
          },
          at: now,
        });
        return current.phone !== null;
      });
      if (texted) deps.textQueued();
      return { detail: await detail(id), texted };
    },
  };
}
export type DisputeService = ReturnType<typeof createDisputeService>;

/** The phone as the outbox takes it (234XXXXXXXXXX), or null; undefined when it is not a Nigerian mobile. */
export function reporterPhone(phone: string | undefined): string | null | undefined {
  if (!phone) return null;
  return nigerianMobile(phone) ?? undefined;
}
