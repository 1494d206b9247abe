import { COMPLIANCE_FLAGS, type SubscriptionStatus } from '@eticket/contracts';
import { db, type Meta } from '../../lib/outbox/index.ts';
import { downloadCompliance } from './download.ts';

/** The whole list again once a day (it drops deleted motorists); changes since the last copy in between. */
const FULL_EVERY_MS = 24 * 3600_000;

/** A plate as the list keeps it (vehicles.plate_search): letters and digits, lower-cased. */
const plateSearchKey = (typed: string) => typed.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The Unique ID of the motorist whose plate was typed, from the phone's list (offline); null when not there. */
export async function codeOfPlate(typed: string): Promise<string | null> {
  const key = plateSearchKey(typed);
  if (!key) return null;
  const row = await db.compliance.where('plate').equals(key).first();
  return row?.code ?? null;
}

async function fetchWhole(): Promise<void> {
  let after: string | undefined;
  let first: Meta | null = null;
  let count = 0;
  const started = Date.now();
  await db.compliance.clear();
  do {
    const page = await downloadCompliance({ after });
    first ??= { name: 'compliance', asOf: page.asOf, graceDays: page.graceDays, fullAt: started, count: 0 };
    await db.compliance.bulkPut(page.rows);
    count += page.rows.length;
    after = page.next ?? undefined;
  } while (after);
  await db.meta.put({ ...first!, count });
}

/** Brings the phone's copy up to date: changes since the last copy, or the whole list when due. */
export async function refreshCompliance(): Promise<void> {
  const meta = await db.meta.get('compliance');
  if (!meta || Date.now() - meta.fullAt > FULL_EVERY_MS) return fetchWhole();
  const changes = await downloadCompliance({ since: meta.asOf });
  // An expired entry's paid-until is kept to the day, by the grace period of its reply: a new grace
  // period could make it in grace again, to the second, so the list is fetched whole.
  if (!changes.complete || changes.graceDays !== meta.graceDays) return fetchWhole();
  await db.compliance.bulkPut(changes.rows);
  await db.meta.put({ ...meta, asOf: changes.asOf, graceDays: changes.graceDays, count: await db.compliance.count() });
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
  const [row, meta] = await Promise.all([db.compliance.get(code), db.meta.get('compliance')]);
  const listAsOf = meta?.asOf ?? null;
  if (!row) return { status: 'unknown', paidUntil: null, graceEndsAt: null, owesPenalty: false, listAsOf };
  const owesPenalty = (row.flags & COMPLIANCE_FLAGS.owesPenalty) !== 0;
  if (row.flags & COMPLIANCE_FLAGS.paused) return { status: 'paused', paidUntil: null, graceEndsAt: null, owesPenalty, listAsOf };
  const paidUntil = row.paidUntil * 1000;
  const graceEnds = paidUntil + (meta?.graceDays ?? 3) * 24 * 3600_000;
  const status = now < paidUntil ? 'active' : now < graceEnds ? 'grace' : 'expired';
  return { status, paidUntil: new Date(paidUntil), graceEndsAt: new Date(graceEnds), owesPenalty, listAsOf };
}
