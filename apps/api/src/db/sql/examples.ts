import type { Database } from '../connect.ts';

/** One call's arguments (after `db` for a function). */
export type ExampleCall = readonly unknown[];

/**
 * How a module's SQL is shown in db/queries/<module>.sql (see docs/sql.md): the calls `npm run sql`
 * makes on a freshly migrated PGlite database, recording every statement each sends. Every method of
 * every export of the module whose first parameter is `db` (a repository's factory) and every such
 * function must be here: the generator fails naming the ones that are not.
 */
export interface SqlExamples {
  /**
   * The methods of the module's repositories, by name: the calls to make (one per list shape worth
   * showing). A string instead: why the method sends no SQL of its own (`transaction`'s is implied).
   */
  methods?: Readonly<Record<string, readonly ExampleCall[] | string>>;
  /** The module's functions whose first parameter is `db`, by export name: their other arguments, or why they send none. */
  functions?: Readonly<Record<string, readonly ExampleCall[] | string>>;
  /** SQL sent from elsewhere (a service's own statements): a label and the call. */
  calls?: Readonly<Record<string, (db: Database) => Promise<unknown>>>;
}

export const sqlExamples = (examples: SqlExamples): SqlExamples => examples;

/** Example values: fixed, so the generated files are the same on every run. */
export const EXAMPLE = {
  id: '00000000-0000-4000-8000-000000000001',
  otherId: '00000000-0000-4000-8000-000000000002',
  now: new Date('2026-03-05T09:00:00.000Z'),
  earlier: new Date('2026-03-01T00:00:00.000Z'),
  day: '2026-03-05',
  firstDay: '2026-03-01',
  userCode: 'mot00001',
  page: { limit: 20, offset: 0 },
} as const;

/**
 * The rows the example calls find (a motorist, a remitter, a plan, the motorist's subscription, the
 * remitter's till), so that calls writing rows that point at them run on past their first statement.
 */
export const EXAMPLE_ROWS = `
  INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role, agent_role, is_motorist, registration_status, created_at, updated_at)
  VALUES ('${EXAMPLE.id}', '${EXAMPLE.userCode}', 'ada example', 'ada@example.test', '08031234567', 'x', 'motorist', NULL, true, 'approved', '${EXAMPLE.earlier.toISOString()}', '${EXAMPLE.earlier.toISOString()}'),
         ('${EXAMPLE.otherId}', 'rem00001', 'bola example', 'bola@example.test', '08031234568', 'x', 'remitter', 'remitter', false, 'approved', '${EXAMPLE.earlier.toISOString()}', '${EXAMPLE.earlier.toISOString()}');
  INSERT INTO subscription_plans (id, name, vehicle_type, price_kobo, created_at, updated_at)
  VALUES ('${EXAMPLE.id}', 'weekly', 'keke', 100000, '${EXAMPLE.earlier.toISOString()}', '${EXAMPLE.earlier.toISOString()}');
  INSERT INTO ticket_subscriptions (id, user_id, plan_id, expires_at, created_at, updated_at)
  VALUES ('${EXAMPLE.id}', '${EXAMPLE.id}', '${EXAMPLE.id}', '${EXAMPLE.now.toISOString()}', '${EXAMPLE.earlier.toISOString()}', '${EXAMPLE.earlier.toISOString()}');
  INSERT INTO tills (id, remitter_id, opened_at) VALUES ('${EXAMPLE.id}', '${EXAMPLE.otherId}', '${EXAMPLE.earlier.toISOString()}');
`;
