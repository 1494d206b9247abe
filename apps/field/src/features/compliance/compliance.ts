import { COMPLIANCE_FLAGS, type SubscriptionStatus } from '@eticket/contracts';
import { type ComplianceRow, type ComplianceTable, db, type Meta } from '../../lib/outbox/index.ts';
import { downloadCompliance } from './download.ts';

/** The whole list again once a day (it drops deleted motorists); changes since the last copy in between. */
const FULL_EVERY_MS = 24 * 3600_000;

/** A plate as the list keeps it (vehicles.plate_search): letters and digits, lower-cased. */
const plateSearchKey = (typed: string) => typed.toLowerCase().replace(/[^a-z0-9]/g, '');

const tableOf = (meta: Meta | undefined): ComplianceTable => meta?.table ?? 'compliance';
const otherTable = (table: ComplianceTable): ComplianceTable => (table === 'compliance' ? 'complianceNext' : 'compliance');
/** The phone's copy of the list in use. */
const listInUse = async () => db[tableOf(await db.meta.get('compliance'))];

/** The list's entry of a Unique ID, if the phone's copy has one. */
export async function listedEntry(code: string): Promise<ComplianceRow | undefined> {
  return (await listInUse()).get(code);
}

/** The Unique ID of the motorist whose plate was typed, from the phone's list (offline); null when not there. */
export async function codeOfPlate(typed: string): Promise<string | null> {
  const key = plateSearchKey(typed);
  if (!key) return null;
  const row = await (await listInUse()).where('plate').equals(key).first();
  return row?.code ?? null;
}

/**
 * The whole list, written into the table not in use; the copy in use is swapped for it only once
 * every page has arrived. A network failure midway, or a reply this version cannot read, leaves the
 * enforcer the copy they had.
 */
async function fetchWhole(meta: Meta | undefined): Promise<Meta> {
  const table = otherTable(tableOf(meta));
  let after: string | undefined;
  let first: Meta | null = null;
  let count = 0;
  const started = Date.now();
  await db[table].clear();
  do {
    const page = await downloadCompliance({ after });
    first ??= { name: 'compliance', asOf: page.asOf, graceDays: page.graceDays, fullAt: started, count: 0, table };
    await db[table].bulkPut(page.rows);
    count += page.rows.length;
    after = page.next ?? undefined;
  } while (after);
  const whole = { ...first!, count };
  await db.meta.put(whole);
  await db[otherTable(table)].clear();
  return whole;
}

/** The changes since the copy's asOf, applied; false when they cannot be (too many, or another grace period). */
async function applyChanges(meta: Meta): Promise<boolean> {
  const changes = await downloadCompliance({ since: meta.asOf });
  // An expired entry's paid-until is kept to the day, by the grace period of its reply: a new grace
  // period could make it in grace again, to the second, so the list is fetched whole.
  if (!changes.complete || changes.graceDays !== meta.graceDays) return false;
  const table = db[tableOf(meta)];
  await table.bulkPut(changes.rows);
  await db.meta.put({ ...meta, asOf: changes.asOf, graceDays: changes.graceDays, count: await table.count() });
  return true;
}

async function refresh(): Promise<void> {
  const meta = await db.meta.get('compliance');
  const due = !meta || Date.now() - meta.fullAt > FULL_EVERY_MS;
  if (!due && (await applyChanges(meta))) return;
  // The server builds a page of the whole list once for every phone asking within a few minutes, so
  // the copy is as of that window's start: the changes since then bring it up to date at once.
  await applyChanges(await fetchWhole(meta));
}

let refreshing: Promise<void> | null = null;

/** Brings the phone's copy up to date: changes since the last copy, or the whole list when due. One refresh at a time. */
export function refreshCompliance(): Promise<void> {
  refreshing ??= refresh().finally(() => (refreshing = null));
  return refreshing;
}

export interface ProvisionalVerdict {
  status: SubscriptionStatus | 'unknown';
  paidUntil: Date | null;
  graceEndsAt: Date | null;
  owesPenalty: boolean;
  listAsOf: string | null;
}

/** A verdict from the phone's copy of the list, at `now`: provisional until the scan is synced. */
export async function provisionalVerdict(code: string, now = Date.now()): Promise<ProvisionalVerdict> {
  const meta = await db.meta.get('compliance');
  const row = await db[tableOf(meta)].get(code);
  const listAsOf = meta?.asOf ?? null;
  if (!row) return { status: 'unknown', paidUntil: null, graceEndsAt: null, owesPenalty: false, listAsOf };
  const owesPenalty = (row.flags & COMPLIANCE_FLAGS.owesPenalty) !== 0;
  if (row.flags & COMPLIANCE_FLAGS.paused) return { status: 'paused', paidUntil: null, graceEndsAt: null, owesPenalty, listAsOf };
  const paidUntil = row.paidUntil * 1000;
  const graceEnds = paidUntil + (meta?.graceDays ?? 3) * 24 * 3600_000;
  const status = now < paidUntil ? 'active' : now < graceEnds ? 'grace' : 'expired';
  return { status, paidUntil: new Date(paidUntil), graceEndsAt: new Date(graceEnds), owesPenalty, listAsOf };
}
