/**
 * npx tsx bench/pg-array-rows.ts [--rounds 7]
 *
 * What reading a statement's column list costs node-postgres on each run, in µs: as node-postgres
 * does it (type parsers, and the empty row object it builds for rows as objects) against reading
 * rows as arrays without that object (apps/api/src/db/array-rows.ts). The columns are those of a
 * page of people (the people lists' statement, 60 columns, several of one name). The two are
 * measured in alternating rounds; each figure is the rounds' median and range.
 */
import pg from 'pg';
import { readArrayRowsWithoutTemplate } from '../apps/api/src/db/array-rows.ts';
import { parseArgs } from './dataset/sizes.ts';
import { median } from './shared/report.ts';

const ROUNDS = Number(parseArgs(process.argv.slice(2)).get('rounds') ?? 7);
const RUNS_PER_ROUND = 50_000;

// prettier-ignore
const PEOPLE_COLUMNS = ['id', 'user_code', 'full_name', 'role', 'agent_role', 'department', 'union_role', 'union_name', 'is_motorist',
  'email', 'phone', 'last_login', 'created_at', 'registration_status', 'is_deleted', 'online', 'added_by', 'full_name', 'approved_by',
  'full_name', 'suspended_by', 'full_name', 'address', 'marital_status', 'gender', 'dob', 'route', 'serial_id', 'id_type',
  'id_front_file', 'id_back_file', 'portrait_file', 'plate_number', 'vehicle_model', 'vehicle_type', 'requested_plan', 'name', 'phone',
  'address', 'id_type', 'front_file', 'back_file', 'id', 'user_id', 'plan_id', 'expires_at', 'paused_at', 'paused_remaining_ms',
  'accumulated', 'accumulated_amount_kobo', 'outstanding_penalty_kobo', 'created_at', 'renewed_at', 'updated_at', 'last_receipt_no',
  'name', 'vehicle_type', 'price_kobo', 'value', 'coalesce'];

/** A fresh column list per run, as the protocol parser makes one for every RowDescription. */
const columns = (): pg.FieldDef[] =>
  PEOPLE_COLUMNS.map((name, index) => ({
    name,
    tableID: 0,
    columnID: index,
    dataTypeID: index % 3 === 0 ? 1184 : 25,
    dataTypeSize: -1,
    dataTypeModifier: -1,
    format: 'text',
  }));

type WithAddFields = { addFields(fields: pg.FieldDef[]): void };
const prototype = pg.Result.prototype as unknown as WithAddFields;
const asNodePostgresDoes = prototype.addFields;
readArrayRowsWithoutTemplate();
const withoutTemplate = prototype.addFields;

function microsecondsPerRun(addFields: WithAddFields['addFields']): number {
  prototype.addFields = addFields;
  const started = performance.now();
  for (let run = 0; run < RUNS_PER_ROUND; run += 1) (new pg.Result('array', pg.types) as unknown as WithAddFields).addFields(columns());
  return ((performance.now() - started) * 1000) / RUNS_PER_ROUND;
}

const figures = { 'as node-postgres does': [] as number[], 'rows as arrays, no template': [] as number[] };
for (let round = 0; round < ROUNDS; round += 1) {
  figures['as node-postgres does'].push(microsecondsPerRun(asNodePostgresDoes));
  figures['rows as arrays, no template'].push(microsecondsPerRun(withoutTemplate));
}
console.log(`A page of people's ${PEOPLE_COLUMNS.length} columns, read once per run (µs per run, median of ${ROUNDS} rounds [range]):`);
for (const [name, values] of Object.entries(figures)) {
  console.log(`  ${name}: ${median(values).toFixed(2)} [${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}]`);
}
