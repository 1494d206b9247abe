/**
 * npx tsx bench/reply-serializer.ts [--rows 10] [--rounds 7]
 *
 * What writing a list's reply costs the server, per reply: fast-json-stringify (what the server used
 * before) against the contract projection and JSON.stringify it uses now
 * (apps/api/src/platform/speed/json-projection.ts), each followed by Buffer.byteLength as Fastify
 * follows it for the content length. A page of rows is made up from each contract's JSON Schema.
 * The two are measured in alternating rounds; each figure is µs per reply, the rounds' median and range.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson, { type AnySchema } from 'fast-json-stringify';
import { toJSONSchema } from 'zod/v4/core';
import type { z } from 'zod';
import { paymentRecordList, personList, scanRecordList } from '@eticket/contracts';
import { responseSerializerCompiler } from '../apps/api/src/platform/http/response-serializer.ts';
import { parseArgs } from './dataset/sizes.ts';

const args = parseArgs(process.argv.slice(2));
const ROWS = Number(args.get('rows') ?? 10);
const ROUNDS = Number(args.get('rounds') ?? 7);
const REPLIES_PER_ROUND = 20_000;

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema | Schema[]; anyOf?: Schema[]; enum?: unknown[] };

/** A value the schema accepts, of the length a real row has (names, ids, dates). */
function sampleOf(schema: Schema, index: number, name = ''): unknown {
  if (schema.anyOf)
    return sampleOf(
      schema.anyOf.find((branch) => branch.type !== 'null')!,
      index,
      name,
    );
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.enum) return schema.enum[index % schema.enum.length];
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value, index, key)]));
    case 'array':
      return Array.isArray(schema.items)
        ? schema.items.map((item) => sampleOf(item, index))
        : name === 'data'
          ? Array.from({ length: ROWS }, (_, row) => sampleOf(schema.items as Schema, row))
          : [];
    case 'string':
      return /At$|Date$/.test(name) ? new Date(Date.UTC(2026, 10, 27, 10, index)).toISOString() : `${name}-${index}-9b8bebdd-ff58-4fc4`;
    case 'number':
      return 2000 + index * 0.5;
    case 'integer':
      return index;
    case 'boolean':
      return index % 2 === 0;
    default:
      return null;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function perReply(write: (value: unknown) => string, value: unknown): number {
  let bytes = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < REPLIES_PER_ROUND; i++) bytes += Buffer.byteLength(write(value));
  const microseconds = Number(process.hrtime.bigint() - start) / 1000 / REPLIES_PER_ROUND;
  if (bytes === 0) throw new Error('nothing written');
  return microseconds;
}

const contracts: [string, z.ZodType][] = [
  ['payments (GET /api/sub-history)', paymentRecordList],
  ['scans (GET /api/scan)', scanRecordList],
  ['people (GET /api/motorists)', personList],
];

console.log(`${ROWS} rows a reply, ${ROUNDS} alternating rounds of ${REPLIES_PER_ROUND} replies; µs per reply (serialise + Buffer.byteLength), median [range]`);
console.log('| reply | bytes | fast-json-stringify | projection + JSON.stringify | saved |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, contract] of contracts) {
  const json = toJSONSchema(contract as never, { io: 'input', target: 'draft-07' }) as AnySchema;
  const reply = sampleOf(json as Schema, 0);
  const before = fastJson(json);
  const now = responseSerializerCompiler({ schema: contract, method: 'GET', url: '/', httpStatus: '200' }) as (value: unknown) => string;
  if (!isDeepStrictEqual(JSON.parse(now(reply)), JSON.parse(before(reply)))) throw new Error(`${name}: the two write different JSON`);
  const timings = { before: [] as number[], now: [] as number[] };
  perReply(before, reply);
  perReply(now, reply);
  for (let round = 0; round < ROUNDS; round++) {
    timings.before.push(perReply(before, reply));
    timings.now.push(perReply(now, reply));
  }
  const range = (values: number[]) => `${median(values).toFixed(1)} [${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}]`;
  const saved = 1 - median(timings.now) / median(timings.before);
  console.log(`| ${name} | ${Buffer.byteLength(now(reply))} | ${range(timings.before)} | ${range(timings.now)} | ${(saved * 100).toFixed(0)} % |`);
}
