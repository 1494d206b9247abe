// The rows the demo's months make, kept in memory and written in batches at the end (write.ts).
// Each is the row the live path would write: the services' rules are applied in levy.ts and
// tills.ts, the ledger's posting rules are modules/ledger's own (postings.ts), run against an
// in-memory `post` that does what ledger_post (0042) does.
import { randomUUID } from 'node:crypto';
import type { LedgerAccountKind } from '@eticket/contracts';
import type {
  auditLog,
  ledgerEntries,
  ledgerLines,
  paymentReferences,
  penaltyAdjustments,
  penaltyPayments,
  scans,
  subscriptionPayments,
  tillCloses,
  tills,
  ticketSubscriptions,
  userProfiles,
  users,
  vehicles,
} from '../db/schema';
import type { NewEntry } from '../modules/ledger/repository.ts';
import { snapshotOf, type AuditEntry, type Snapshot } from '../platform/audit.ts';

export type SubscriptionRecord = typeof ticketSubscriptions.$inferInsert & { id: string; outstandingPenaltyKobo: number };
export type TillRecord = typeof tills.$inferInsert & { id: string; cashKobo: number };
export type CloseRecord = typeof tillCloses.$inferInsert & { id: string };

export interface DemoRecords {
  users: Array<typeof users.$inferInsert>;
  profiles: Array<typeof userProfiles.$inferInsert>;
  vehicles: Array<typeof vehicles.$inferInsert>;
  /** Live state: changed in place as the months go, written as it ends. */
  subscriptions: SubscriptionRecord[];
  subscriptionPayments: Array<typeof subscriptionPayments.$inferInsert>;
  penaltyPayments: Array<typeof penaltyPayments.$inferInsert>;
  paymentReferences: Array<typeof paymentReferences.$inferInsert>;
  scans: Array<typeof scans.$inferInsert>;
  penaltyAdjustments: Array<typeof penaltyAdjustments.$inferInsert>;
  audit: Array<typeof auditLog.$inferInsert>;
  /** Live state, as tills.ts keeps it. */
  tills: TillRecord[];
  closes: CloseRecord[];
  accounts: Map<string, { code: string; kind: LedgerAccountKind; ownerId: string | null }>;
  entries: Array<typeof ledgerEntries.$inferInsert & { id: string }>;
  lines: Array<typeof ledgerLines.$inferInsert>;
}

export function demoRecords(): DemoRecords {
  return {
    users: [],
    profiles: [],
    vehicles: [],
    subscriptions: [],
    subscriptionPayments: [],
    penaltyPayments: [],
    paymentReferences: [],
    scans: [],
    penaltyAdjustments: [],
    audit: [],
    tills: [],
    closes: [],
    accounts: new Map(),
    entries: [],
    lines: [],
  };
}

/** An audit row as recordAudit (platform/audit.ts) writes it. */
export function auditRow(entry: AuditEntry): typeof auditLog.$inferInsert {
  const snapshot = (value: Snapshot | null) => (value === null ? null : (snapshotOf(value) as Snapshot));
  return {
    createdAt: entry.at,
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  };
}

/**
 * The ledger's `post` on the records: what ledger_post does (a personal account made on its first
 * posting, the entry, its lines numbered from 1), refusing an entry that does not sum to zero. It posts
 * the entries modules/ledger's posting rules make (paymentEntry, lodgementEntry, varianceEntry).
 */
export function recordingLedger(records: DemoRecords): { post(entry: NewEntry): Promise<string> } {
  const post = async (entry: NewEntry): Promise<string> => {
    if (entry.lines.reduce((sum, line) => sum + line.amountKobo, 0) !== 0) throw new Error(`${entry.kind} ${entry.sourceId} does not sum to zero`);
    const id = randomUUID();
    for (const { account } of entry.lines) {
      if (account.ownerId !== null && !records.accounts.has(account.code)) records.accounts.set(account.code, { ...account });
    }
    records.entries.push({ id, kind: entry.kind, sourceId: entry.sourceId, memo: entry.memo, occurredAt: entry.occurredAt, postedBy: entry.postedBy ?? null });
    entry.lines.forEach((line, index) => records.lines.push({ entryId: id, lineNo: index + 1, accountCode: line.account.code, amountKobo: line.amountKobo }));
    return id;
  };
  return { post };
}
