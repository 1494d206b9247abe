// Drizzle internals (an SQL object's `decoder`, a column's mapFromDriverValue on raw rows): drizzle-orm is
// pinned to an exact version; platform/speed/row-mapper.test.ts and lists/prepared.test.ts guard an upgrade.
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

/** A selected field: a value, or an object of values (a joined table's columns). */
type Part = { name: string; decode: Decode } | { name: string; fields: { name: string; decode: Decode }[] };

const isPlainObject = (field: unknown): field is Record<string, unknown> =>
  typeof field === 'object' && field !== null && Object.getPrototypeOf(field) === Object.prototype;

/** `__proto__` in an object literal sets the object's prototype instead of a field. */
const isLiteralName = (name: string) => name !== '__proto__';

/** A field's part of a row, or null when it is neither a value nor an object of values, or a name a literal cannot hold. */
function partOf(name: string, field: unknown): Part | null {
  if (!isLiteralName(name)) return null;
  const decode = decoderOf(field);
  if (decode) return { name, decode };
  if (!isPlainObject(field)) return null;
  const fields = Object.entries(field).map(([member, value]) => ({ name: member, decode: decoderOf(value) }));
  const mappable = (member: (typeof fields)[number]): member is { name: string; decode: Decode } => member.decode !== null && isLiteralName(member.name);
  return fields.every(mappable) ? { name, fields } : null;
}

/**
 * Rows of a selection ({ name: column or SQL, or an object of them }) from the driver's value
 * arrays, in the order the fields were selected (the order of their SQL). An object whose values
 * are all null is null, as Drizzle has it when its left join found nothing (an inner join's object
 * holds its table's id, never null). Null for a deeper selection, which Drizzle maps. Each field's
 * decoder is found once per statement; Drizzle's own mapping finds it again for every value of
 * every row: a tenth of the server's CPU for a page of motorists (~60 columns), an eighth for a
 * page of scans (two joined people).
 */
export function rowMapper(fields: Record<string, unknown>): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  const parts = Object.entries(fields).map(([name, field]) => partOf(name, field));
  if (!parts.every((part): part is Part => part !== null)) return null;
  const mapRow = compileRow(parts);
  return (rows) => rows.map(mapRow);
}

/**
 * One function per selection that returns each row as an object literal of the selection's fields.
 * Every row then has one shape from the start, where setting `row[name]` field by field went through
 * V8's slowest (megamorphic) keyed store for every value: such stores were 5.5% of the server's perf
 * samples for a page of registrars, 1.1% after (every one in the server counted), and the code reading
 * the rows was megamorphic too. Names are written as JSON strings; values only reach the decoders,
 * never the code.
 */
function compileRow(parts: Part[]): (values: unknown[]) => Record<string, unknown> {
  // One decoder per value, in the order of the values: a value's index is its decoder's.
  const decoders: Decode[] = [];
  const value = (decode: Decode) => {
    const at = decoders.push(decode) - 1;
    return `v[${at}] === null ? null : d[${at}](v[${at}])`;
  };
  const property = (part: Part) => {
    if ('decode' in part) return `${JSON.stringify(part.name)}: ${value(part.decode)}`;
    const first = decoders.length;
    const members = part.fields.map((member) => `${JSON.stringify(member.name)}: ${value(member.decode)}`);
    const allNull = part.fields.map((_, offset) => `v[${first + offset}] === null`).join(' && ') || 'true';
    return `${JSON.stringify(part.name)}: ${allNull} ? null : { ${members.join(', ')} }`;
  };
  const literal = parts.map(property).join(', ');
  return new Function('d', `return (v) => ({ ${literal} });`)(decoders) as (values: unknown[]) => Record<string, unknown>;
}
