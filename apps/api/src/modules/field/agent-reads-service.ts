import {
  COMPLIANCE_FLAGS,
  COMPLIANCE_PAGE_SIZE,
  DEFAULT_GRACE_PERIOD_DAYS,
  FIELD_MESSAGES,
  codeKey,
  encodeCompliance,
  plateKey,
  type ComplianceEntry,
  type ComplianceReply,
  type FieldMotoristView,
  type FieldPlan,
  type MyDay,
  type VehicleType,
} from '@eticket/contracts';
import type { SessionUser } from '../../platform/http/auth.ts';
import { lagosDay, startOfLagosDay, startOfNextLagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../platform/http/errors.ts';
import { toNaira } from '../../domain/money.ts';
import type { SubscriptionsService } from '../subscriptions/index.ts';
import type { AgentReadsRepository, ComplianceRow } from './agent-reads-repository.ts';
import { asOfAt, COMPLIANCE_PAGE_TTL_MS, compliancePages } from './compliance-pages.ts';

const RECENT_ITEMS = 30;

function toEntry(row: ComplianceRow): ComplianceEntry {
  const flags = (row.owes ? COMPLIANCE_FLAGS.owesPenalty : 0) | (row.paused ? COMPLIANCE_FLAGS.paused : 0);
  return [row.user_code, row.paused ? 0 : row.paid_until, flags, row.plate ?? ''];
}

export function createAgentReadsService(deps: {
  repository: AgentReadsRepository;
  subscriptions: Pick<SubscriptionsService, 'viewsForUsers' | 'plans'>;
  clock: Clock;
  fileUrl?: (key: string) => string;
  /** How long a page of the whole compliance list is reused (COMPLIANCE_PAGE_CACHE_SECONDS); unset: 5 minutes. */
  compliancePageTtlMs?: number;
}) {
  const { repository, subscriptions, clock } = deps;
  const pages = compliancePages({ ttlMs: deps.compliancePageTtlMs ?? COMPLIANCE_PAGE_TTL_MS, clock });

  async function graceDays(): Promise<number> {
    const value = await repository.graceDays();
    return typeof value === 'number' && value >= 0 ? value : DEFAULT_GRACE_PERIOD_DAYS;
  }

  return {
    /** A motorist by Unique ID, else by plate (any case and spacing), with what an agent needs and no more. */
    async motorist(q: string): Promise<FieldMotoristView> {
      const row = (await repository.byUserCode(codeKey(q))) ?? (await repository.byPlateKey(plateKey(q)));
      if (!row) throw notFound(FIELD_MESSAGES.noMotoristForQuery);
      const view = (await subscriptions.viewsForUsers([row.id], { open: true })).get(row.id);
      if (!view) throw notFound(FIELD_MESSAGES.noMotoristForQuery);
      return {
        id: row.id,
        userCode: row.user_code,
        fullName: row.full_name,
        registrationStatus: row.registration_status,
        photoUrl: row.portrait_file && deps.fileUrl ? deps.fileUrl(row.portrait_file) : null,
        plateNumber: row.plate_number,
        vehicleModel: row.vehicle_model,
        vehicleType: row.vehicle_type,
        subscriptionStatus: view.subscriptionStatus,
        expiresAt: view.subscriptionExpiryDate,
        planName: view.subscription?.name ?? null,
        outstandingPayment: view.outstandingPayment,
        everPaid: view.accumulated > 0 || view.lastReceiptNo !== null,
      };
    },

    async plans(vehicleType: VehicleType): Promise<FieldPlan[]> {
      return (await subscriptions.plans(vehicleType)).map(({ id, name, vehicleType: type, price }) => ({ id, name, vehicleType: type, price }));
    },

    /**
     * The compliance list: a page of the whole list after `after`, or with `since` the entries
     * changed since (complete: false when they do not fit in one page: the phone fetches it whole).
     * A page of the whole list is shared by every phone asking in its window (compliance-pages.ts).
     */
    async compliance(query: { after?: string; since?: string }): Promise<ComplianceReply> {
      const grace = await graceDays();
      if (query.since) {
        const asOf = asOfAt(clock.now().getTime());
        const rows = await repository.complianceChanges(new Date(query.since), COMPLIANCE_PAGE_SIZE);
        const complete = rows.length <= COMPLIANCE_PAGE_SIZE;
        return { asOf, graceDays: grace, ...encodeCompliance(complete ? rows.map(toEntry) : [], asOf, grace), next: null, complete };
      }
      const after = query.after ?? '';
      return pages.page({ after, graceDays: grace }, async (asOf) => {
        const rows = await repository.compliancePage(after, COMPLIANCE_PAGE_SIZE);
        const next = rows.length === COMPLIANCE_PAGE_SIZE ? rows[rows.length - 1].user_code : null;
        return { asOf, graceDays: grace, ...encodeCompliance(rows.map(toEntry), asOf, grace), next, complete: true };
      });
    },

    /**
     * The agent's current Lagos day: scans, payments by mode, cash to hand in, the latest items.
     * While a remitter holds a till not yet lodged (open, or closing) the count is blind: the cash
     * amount, the day's total and the cash to hand in are null (counts only).
     */
    async myDay(agent: Pick<SessionUser, 'id'>): Promise<MyDay> {
      const day = lagosDay(clock.now());
      const from = startOfLagosDay(day);
      const to = startOfNextLagosDay(day);
      const [scans, modes, recent, blind] = await Promise.all([
        repository.scanTotals(agent.id, from, to),
        repository.paymentsByMode(agent.id, from, to),
        repository.recent(agent.id, from, to, RECENT_ITEMS),
        repository.holdsTill(agent.id),
      ]);
      const hidden = (mode: string) => blind && mode === 'cash';
      const byMode = modes.map((m) => ({ modeOfPayment: m.mode, count: Number(m.count), amount: hidden(m.mode) ? null : toNaira(Number(m.kobo)) }));
      const cashKobo = Number(modes.find((m) => m.mode === 'cash')?.kobo ?? 0);
      return {
        day,
        scans: { count: Number(scans.scans), penaltiesAdded: Number(scans.penalties), penaltyAmount: toNaira(Number(scans.penalty_kobo)) },
        payments: {
          count: byMode.reduce((sum, m) => sum + m.count, 0),
          total: blind ? null : toNaira(modes.reduce((sum, m) => sum + Number(m.kobo), 0)),
          byMode,
          cashToHandIn: blind ? null : toNaira(cashKobo),
        },
        recent: recent.map((r) => ({
          kind: r.kind,
          id: r.id,
          at: new Date(r.at).toISOString(),
          userCode: r.user_code,
          fullName: r.full_name,
          plateNumber: r.plate_number,
          detail: r.detail,
          amount: toNaira(Number(r.kobo)),
          receiptNo: r.receipt_no,
        })),
      };
    },
  };
}
export type AgentReadsService = ReturnType<typeof createAgentReadsService>;
