import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readArrayRowsWithoutTemplate } from './array-rows.ts';

const INT4 = 23;
const TEXT = 25;
const column = (name: string, dataTypeID: number): pg.FieldDef => ({
  name,
  tableID: 0,
  columnID: 0,
  dataTypeID,
  dataTypeSize: -1,
  dataTypeModifier: -1,
  format: 'text',
});
// Two columns of one name, as a list statement selecting users.id and ticket_subscriptions.id has.
const COLUMNS = [column('id', TEXT), column('count', INT4), column('id', TEXT)];

interface Internals {
  addFields(fields: pg.FieldDef[]): void;
  parseRow(values: Array<string | null>): unknown;
  _prebuiltEmptyResultObject: object | null;
}
const resultOf = (rowMode: string, types?: object) => new pg.Result(rowMode, types as typeof pg.types) as unknown as Internals;

describe('readArrayRowsWithoutTemplate', () => {
  readArrayRowsWithoutTemplate();
  readArrayRowsWithoutTemplate(); // a second call changes nothing

  it('reads rows as arrays through the type parsers, without building the empty row object', () => {
    const result = resultOf('array');
    result.addFields(COLUMNS);
    expect(result._prebuiltEmptyResultObject).toBeNull();
    expect(result.parseRow(['a', '42', null])).toEqual(['a', 42, null]);
  });

  it("uses a query's own type parsers (Drizzle's) when it has them", () => {
    const types = { getTypeParser: (oid: number) => (value: string) => `${oid}:${value}` };
    const result = resultOf('array', types);
    result.addFields(COLUMNS);
    expect(result.parseRow(['a', '42', 'b'])).toEqual(['25:a', '23:42', '25:b']);
  });

  it('leaves rows as objects as node-postgres makes them', () => {
    const result = resultOf('object');
    result.addFields(COLUMNS);
    expect(result._prebuiltEmptyResultObject).toEqual({ id: null, count: null });
    expect(result.parseRow(['a', '42', 'b'])).toEqual({ id: 'b', count: 42 });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('gives PostgreSQL rows as arrays with their columns and types', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const query: pg.QueryArrayConfig = { text: "SELECT 1::int AS n, 'x'::text AS t, NULL::int AS none, 2::int AS n", rowMode: 'array' };
      const result = await client.query(query);
      expect(result.rows).toEqual([[1, 'x', null, 2]]);
      expect(result.fields.map((field) => field.name)).toEqual(['n', 't', 'none', 'n']);
    } finally {
      await client.end();
    }
  });
});
