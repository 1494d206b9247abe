// Drizzle internals (an SQL object's `decoder`, a column's mapFromDriverValue on raw rows): drizzle-orm is
// pinned to an exact version; lists/row-mapper.test.ts and lists/prepared.test.ts guard an upgrade.
import { Column, type DriverValueDecoder, is, SQL } from 'drizzle-orm';

type Decode = (value: unknown) => unknown;

/** An expression's decoder (its .mapWith, else none): Drizzle keeps it on the SQL object, outside its public types. */
const decoderOfSql = (expression: SQL): DriverValueDecoder<unknown, unknown> =>
  (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

/** How a selected field's driver value becomes its value in a row: a column's own mapping, or an expression's decoder; null for a nested object. */
function decoderOf(field: unknown): Decode | null {
  if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : null;
  if (!expression) return null;
  const decoder = decoderOfSql(expression);
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * Rows of a flat selection ({ name: column or SQL }) from the driver's value arrays, in the order
 * the fields were selected (the order of their SQL); null for a selection with nested objects, which
 * Drizzle maps (and nulls when their join found nothing). Each field's decoder is found once per
 * statement; Drizzle's own mapping finds it again for every value of every row (a tenth of the
 * server's CPU for a page of motorists, of ~60 columns).
 */
export function flatRowMapper(fields: Record<string, unknown>): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  const names = Object.keys(fields);
  const decoders = names.map((name) => decoderOf(fields[name]));
  if (!decoders.every((decoder) => decoder !== null)) return null;
  return (rows) =>
    rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index += 1) {
        const value = values[index];
        row[names[index]] = value === null ? null : decoders[index](value);
      }
      return row;
    });
}
