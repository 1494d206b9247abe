import {
  APPROVAL_MESSAGES,
  can,
  paginatorOf,
  type ApprovalKindName,
  type ApprovalRequest,
  type Paginated,
  type PrincipalSource,
  type approvalListQuery,
} from '@eticket/contracts';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { Actor } from '../../platform/audit.ts';
import type { ApprovalKind } from './kind.ts';
import { personLabel, type ApprovalRow, type ApprovalsRepository } from './repository.ts';

const HOUR_MS = 3_600_000;

/** Who acts on requests: the signed-in staff member, with what their role may do. */
export type ApprovalActor = Actor & PrincipalSource;

/** What the setting APPROVALS and APPROVALS_EXPIRE_HOURS say. */
export interface ApprovalSettings {
  /** The kinds that need a second person; empty: every action applies at once (the spec's behaviour). */
  kinds: readonly ApprovalKindName[];
  expireHours: number;
}

/** What a module's route asks before it applies an action itself (docs/approvals.md). */
export interface ApprovalGate {
  /**
   * Keeps the action as a request when its kind needs a second person (the setting lists it, and the
   * kind says this call changes what it guards), checked as the action would check it; answers the
   * request, or null when the caller should apply the action now.
   */
  submit(kind: ApprovalKindName, maker: ApprovalActor, payload: unknown, reason: string | null | undefined): Promise<ApprovalRequest | null>;
}

/** Thrown inside a savepoint to undo a trial run of an action (its checks, without its effect). */
class TrialDone extends Error {}

export function createApprovalsService(deps: { repository: ApprovalsRepository; clock: Clock; kinds: readonly ApprovalKind[]; settings: ApprovalSettings }) {
  const { repository, clock, settings } = deps;
  const kinds = new Map<string, ApprovalKind>(deps.kinds.map((kind) => [kind.name, kind]));
  const enabled = new Set<string>(settings.kinds);

  const mayCheck = (actor: PrincipalSource, kind: ApprovalKind) => can(actor, kind.check.capability, kind.check.access);
  /** The kinds whose requests `actor` may decide. */
  const checkable = (actor: PrincipalSource) => [...kinds.values()].filter((kind) => mayCheck(actor, kind)).map((kind) => kind.name);

  function toRequest(row: ApprovalRow, viewer: ApprovalActor): ApprovalRequest {
    const kind = kinds.get(row.kind);
    const now = clock.now();
    return {
      id: row.id,
      kind: row.kind as ApprovalKindName,
      subject: row.subject,
      before: row.before,
      after: row.after,
      reason: row.reason,
      state: row.state,
      maker: { id: row.makerId, fullName: row.makerName },
      checker: row.checkerId ? { id: row.checkerId, fullName: row.checkerName ?? '' } : null,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      canDecide: row.state === 'pending' && row.makerId !== viewer.id && kind !== undefined && mayCheck(viewer, kind) && row.expiresAt > now,
    };
  }

  async function view(id: string, viewer: ApprovalActor): Promise<ApprovalRequest> {
    const row = await repository.find(id);
    if (!row) throw notFound(APPROVAL_MESSAGES.notFound);
    return toRequest(row, viewer);
  }

  /** A pending request, locked, that `actor` may decide; its kind. */
  async function decidable(unit: Parameters<Parameters<ApprovalsRepository['transaction']>[0]>[0], actor: ApprovalActor, id: string) {
    const row = await unit.approvals.lock(id);
    if (!row) throw notFound(APPROVAL_MESSAGES.notFound);
    const kind = kinds.get(row.kind);
    if (row.makerId === actor.id) throw forbidden(APPROVAL_MESSAGES.ownRequest);
    if (!kind || !mayCheck(actor, kind)) throw forbidden(APPROVAL_MESSAGES.notAllowed);
    if (row.state !== 'pending') {
      const decided = await unit.approvals.find(id);
      throw conflict(APPROVAL_MESSAGES.alreadyDecided(row.state, decided?.checkerName ?? ''));
    }
    return { row, kind };
  }

  const gate: ApprovalGate = {
    async submit(name, maker, payload, reason) {
      const kind = kinds.get(name);
      if (!enabled.has(name) || !kind) return null;
      if (!can(maker, kind.make.capability, kind.make.access)) throw forbidden(APPROVAL_MESSAGES.notAllowed);
      const parsed = kind.payload.parse(payload);
      const id = await repository.transaction(async ({ approvals, audit, tx }) => {
        const change = await kind.describe(tx, parsed, { person: (personId) => personLabel(tx, personId) });
        if (!change) return null;
        // The action's own checks, now, so a request it would refuse is refused as the action would be
        // (400, 404, 409): applied in a savepoint and undone.
        try {
          await tx.transaction(async (trial) => {
            await kind.apply(trial, parsed, { maker, checker: maker });
            throw new TrialDone();
          });
        } catch (error) {
          if (!(error instanceof TrialDone)) throw error;
        }
        const at = clock.now();
        const requestId = await approvals.insert({
          kind: name,
          payload: parsed,
          subject: change.subject,
          before: change.before,
          after: change.after,
          makerId: maker.id,
          reason: reason || null,
          at,
          expiresAt: new Date(at.getTime() + settings.expireHours * HOUR_MS),
        });
        await audit({
          actorId: maker.id,
          action: 'approval.requested',
          entityType: 'approval_request',
          entityId: requestId,
          before: change.before,
          after: { kind: name, subject: change.subject, ...change.after, ...(reason ? { reason } : {}) },
          at,
        });
        return requestId;
      });
      return id === null ? null : view(id, maker);
    },
  };

  return {
    gate,

    /** GET /api/approvals: the requests the caller may decide and their own. */
    async list(viewer: ApprovalActor, query: z.output<typeof approvalListQuery>): Promise<Paginated<ApprovalRequest>> {
      const { rows, total } = await repository.page(
        { viewerId: viewer.id, kinds: checkable(viewer), state: query.state, mine: query.mine === 'true' },
        { offset: (query.page - 1) * query.limit, limit: query.limit },
      );
      return { data: rows.map((row) => toRequest(row, viewer)), paginator: paginatorOf(query.page, query.limit, total) };
    },

    /** How many pending requests the caller may decide: the sidebar's badge. */
    async pendingCount(viewer: ApprovalActor): Promise<number> {
      return repository.pendingFor(viewer.id, checkable(viewer), clock.now());
    },

    /**
     * Approves a request and applies it in the same transaction: the request's row lock makes a second
     * checker wait, then find it decided. An expired one is marked so and refused; the action's own
     * refusal rolls everything back (the request stays pending).
     */
    async approve(actor: ApprovalActor, id: string, comment: string | null): Promise<ApprovalRequest> {
      const expired = await repository.transaction(async (unit) => {
        const { row, kind } = await decidable(unit, actor, id);
        const at = clock.now();
        if (row.expiresAt <= at) {
          await unit.approvals.decide(id, { state: 'expired', checkerId: null, comment: null, at });
          return true;
        }
        await kind.apply(unit.tx, kind.payload.parse(row.payload), { maker: { id: row.makerId }, checker: actor });
        if (!(await unit.approvals.decide(id, { state: 'approved', checkerId: actor.id, comment, at })))
          throw conflict(APPROVAL_MESSAGES.alreadyDecided('decided', ''));
        await unit.audit({
          actorId: actor.id,
          action: 'approval.approved',
          entityType: 'approval_request',
          entityId: id,
          before: { state: 'pending', kind: row.kind, makerId: row.makerId },
          after: { state: 'approved', kind: row.kind, makerId: row.makerId, checkerId: actor.id, ...(comment ? { comment } : {}) },
          at,
        });
        return false;
      });
      if (expired) throw conflict(APPROVAL_MESSAGES.expired);
      return view(id, actor);
    },

    /** Rejects a pending request with a comment: nothing changes but the request. */
    async reject(actor: ApprovalActor, id: string, comment: string): Promise<ApprovalRequest> {
      await repository.transaction(async (unit) => {
        const { row } = await decidable(unit, actor, id);
        const at = clock.now();
        await unit.approvals.decide(id, { state: 'rejected', checkerId: actor.id, comment, at });
        await unit.audit({
          actorId: actor.id,
          action: 'approval.rejected',
          entityType: 'approval_request',
          entityId: id,
          before: { state: 'pending', kind: row.kind, makerId: row.makerId },
          after: { state: 'rejected', kind: row.kind, makerId: row.makerId, checkerId: actor.id, comment },
          at,
        });
      });
      return view(id, actor);
    },

    /** The expiry job: pending requests past their time become expired. */
    expireDue: (now: Date) => repository.expireDue(now),
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
