import pg from 'pg';

/**
 * What node-postgres's Result keeps of a statement's columns (pg/lib/result.js, outside its public
 * types; pg is a caret dependency): array-rows.test.ts fails if a release changes them.
 */
interface ResultInternals {
  rowAsArray: boolean;
  fields: pg.FieldDef[];
  _parsers: Array<(value: string) => unknown> | undefined;
  _types: { getTypeParser(oid: number, format: 'text' | 'binary'): (value: string) => unknown } | undefined;
  addFields(fields: pg.FieldDef[]): void;
}

const lean = Symbol('columnsWithoutRowTemplate');

/**
 * Rows as arrays read their columns without the empty row object node-postgres builds for rows as
 * objects. On every run of a statement, its column list (RowDescription) makes node-postgres build
 * an object with one key per column and copy it (brianc/node-postgres#3055); only rows as objects
 * use it. Every list statement asks for arrays (Drizzle's prepared queries), and a page of people
 * has 60 columns: bench/pg-array-rows.ts reads them in 10.0 µs a run as node-postgres does, 1.3
 * without the template. Under load on eticket_bench, the server's CPU for a request of the pending
 * registrars (an empty page) fell from 93–98 to 78–90 µs. Rows as objects, and every other part of
 * the result, are as node-postgres makes them.
 */
export function readArrayRowsWithoutTemplate(): void {
  const prototype = pg.Result.prototype as unknown as ResultInternals & { [lean]?: true };
  if (prototype[lean]) return;
  const addFields = prototype.addFields;
  if (typeof addFields !== 'function') throw new Error('pg.Result has no addFields: check db/array-rows.ts against this version of pg');
  prototype.addFields = function (this: ResultInternals, fields: pg.FieldDef[]) {
    if (!this.rowAsArray) return addFields.call(this, fields);
    const types = this._types ?? pg.types;
    const parsers = new Array<(value: string) => unknown>(fields.length);
    for (let i = 0; i < fields.length; i++) parsers[i] = types.getTypeParser(fields[i].dataTypeID, (fields[i].format || 'text') as 'text' | 'binary');
    this.fields = fields;
    if (fields.length) this._parsers = parsers;
  };
  prototype[lean] = true;
}
