// Writes the months' records (records.ts) in one transaction, many rows a statement: parents before
// the rows naming them, the ledger's entries before their lines, each entry's lines in one statement
// (the lines' trigger refuses an entry that does not sum to zero, and keeps ledger_balances and the
// report's day totals). The row triggers keep the dashboards' counters as they do for one row.
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect.ts';
import {
  auditLog,
  ledgerAccounts,
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
import { addAgentActivity, agentActivity, ROLLED_UP } from './agent-activity.ts';
import type { DemoRecords } from './records.ts';

/** Rows a statement carries at most (one JSON parameter: json_to_recordset). */
const ROWS_PER_STATEMENT = 5000;

/** Seconds each table took, for the seed's closing lines and the bench. */
export type WriteTimings = Map<string, number>;

/**
 * INSERT … SELECT FROM json_to_recordset: the rows travel as one JSON parameter, typed by the
 * table's columns (those the rows carry; generated ones never). Cheaper than a VALUES list of
 * bound parameters, which is built, sent and parsed one value at a time.
 */
async function insertAll<T extends PgTable>(
  db: Database,
  table: T,
  rows: Array<T['$inferInsert']>,
  timings: WriteTimings,
  sameStatement?: (a: number, b: number) => boolean,
) {
  if (rows.length === 0) return;
  const started = Date.now();
  const carried = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = Object.entries(getTableColumns(table)).filter(([key, column]) => carried.has(key) && !column.generated);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  for (let start = 0; start < rows.length;) {
    let end = Math.min(rows.length, start + ROWS_PER_STATEMENT);
    // Rows that must go together (an entry's lines) are not split between statements.
    while (sameStatement && end < rows.length && sameStatement(end - 1, end)) end += 1;
    const batch = rows
      .slice(start, end)
      .map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null])));
    await db.execute(sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r (${types})`);
    start = end;
  }
  const name = getTableName(table);
  timings.set(name, (timings.get(name) ?? 0) + (Date.now() - started) / 1000);
}

/**
 * The per-row counter triggers whose counters the project's own recount, rebuild_list_counts()
 * (0006, 0008, 0010, 0014–0016: day and month counts, agent rankings, audit counts), computes
 * whole: off while the rows go in, then the recount, in the same transaction; so are the roll-up
 * triggers (agent-activity.ts). Fourteen upserts a payment become a few grouped statements.
 */
const RECOUNTED: Array<[table: string, trigger: string]> = [
  ['users', 'users_people_counts'],
  ['vehicles', 'vehicles_people_counts'],
  ['scans', 'scans_scan_counts'],
  ['subscription_payments', 'subscription_payments_payment_counts'],
  ['penalty_payments', 'penalty_payments_payment_counts'],
  ['audit_log', 'audit_log_counts'],
];

const switchTriggers = async (db: Database, state: 'ENABLE' | 'DISABLE') => {
  for (const [table, trigger] of [...RECOUNTED, ...ROLLED_UP])
    await db.execute(sql`ALTER TABLE ${sql.identifier(table)} ${sql.raw(state)} TRIGGER ${sql.identifier(trigger)}`);
};

/** Every record of the months, in one transaction. */
export async function writeRecords(db: Database, records: DemoRecords): Promise<WriteTimings> {
  const timings: WriteTimings = new Map();
  await db.transaction(async (tx) => {
    await switchTriggers(tx, 'DISABLE');
    await insertAll(tx, users, records.users, timings);
    await insertAll(tx, userProfiles, records.profiles, timings);
    await insertAll(tx, vehicles, records.vehicles, timings);
    await insertAll(tx, ticketSubscriptions, records.subscriptions, timings);
    await insertAll(tx, tillCloses, records.closes, timings);
    await insertAll(tx, tills, records.tills, timings);
    await insertAll(tx, subscriptionPayments, records.subscriptionPayments, timings);
    await insertAll(tx, penaltyPayments, records.penaltyPayments, timings);
    await insertAll(tx, paymentReferences, records.paymentReferences, timings);
    await insertAll(tx, scans, records.scans, timings);
    await insertAll(tx, penaltyAdjustments, records.penaltyAdjustments, timings);
    await insertAll(tx, auditLog, records.audit, timings);
    const accounts = [...records.accounts.values()];
    // Personal accounts (tills, shortages) on their first posting, as ledger_post makes them.
    if (accounts.length > 0) await tx.insert(ledgerAccounts).values(accounts).onConflictDoNothing({ target: ledgerAccounts.code });
    await insertAll(tx, ledgerEntries, records.entries, timings);
    const { lines } = records;
    await insertAll(tx, ledgerLines, lines, timings, (a, b) => lines[a].entryId === lines[b].entryId);
    await switchTriggers(tx, 'ENABLE');
    const started = Date.now();
    await addAgentActivity(tx, agentActivity(records));
    await tx.execute(sql`SELECT rebuild_list_counts()`);
    timings.set('(counters)', (Date.now() - started) / 1000);
  });
  return timings;
}

/** Fresh statistics for the planner: without them it takes the tables for nearly empty. */
export async function analyze(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE`);
}
