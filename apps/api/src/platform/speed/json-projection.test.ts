import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { projectionOf, ReplyContractError } from './json-projection.ts';

const person = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    phone: { type: ['string', 'null'] },
    nickname: { type: 'string' },
    amount: { type: 'number' },
    count: { type: 'integer' },
    approved: { type: 'boolean' },
    joinedAt: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string' } },
    totals: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } },
    vehicle: { anyOf: [{ type: 'object', properties: { plate: { type: 'string' } }, required: ['plate'] }, { type: 'null' }] },
    range: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], minItems: 2, maxItems: 2 },
  },
  required: ['id', 'phone', 'amount', 'count', 'approved', 'tags', 'totals', 'vehicle'],
};

const project = (schema: object, value: unknown) => {
  const projection = projectionOf(schema as Record<string, unknown>);
  if (!projection) throw new Error('no projection');
  return JSON.stringify(projection(value));
};

const row = {
  id: 'a1',
  phone: null,
  amount: 1234.5,
  count: 3.7,
  approved: 1,
  joinedAt: new Date('2026-11-27T10:00:00.000Z'),
  tags: ['x', 7],
  totals: { jan: 1, feb: '2.5' },
  vehicle: { plate: 'LAG-123', engineNumber: 'not in the contract' },
  range: ['from', 4],
  passwordHash: 'never sent',
};

describe('projectionOf', () => {
  it('writes what fast-json-stringify writes: only the named properties, primitives coerced to their type', () => {
    const written = project(person, row);
    expect(JSON.parse(written)).toStrictEqual(JSON.parse(fastJson(person as never)(row)));
    expect(JSON.parse(written)).toStrictEqual({
      id: 'a1',
      phone: null,
      amount: 1234.5,
      count: 3,
      approved: true,
      joinedAt: '2026-11-27T10:00:00.000Z',
      tags: ['x', '7'],
      totals: { jan: 1, feb: 2.5 },
      vehicle: { plate: 'LAG-123' },
      range: ['from', 4],
    });
  });

  it('never writes the contents of an object found where a primitive was declared', () => {
    const written = project(person, { ...row, id: { secret: 'never sent' }, tags: [{ secret: 'never sent' }] });
    expect(written).not.toContain('never sent');
    expect(JSON.parse(written).id).toBe('[object Object]');
  });

  it('refuses a missing required property, a number that is not one, and a non-array list', () => {
    const { id: _id, ...withoutId } = row;
    expect(() => project(person, withoutId)).toThrow(ReplyContractError);
    expect(() => project(person, { ...row, amount: 'many' })).toThrow(ReplyContractError);
    expect(() => project(person, { ...row, tags: 'x' })).toThrow(ReplyContractError);
  });

  it('leaves out an optional property that is absent, and writes Infinity as null as JSON does', () => {
    const parsed = JSON.parse(project(person, { ...row, amount: Infinity, joinedAt: undefined }));
    expect(parsed).not.toHaveProperty('joinedAt');
    expect(parsed.amount).toBeNull();
  });

  it('keeps a record key named __proto__ as a key', () => {
    const record = { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } };
    expect(project(record, JSON.parse('{"__proto__": 1, "a": 2}'))).toBe('{"__proto__":1,"a":2}');
  });

  it('declines schemas it does not handle, so the caller keeps fast-json-stringify', () => {
    expect(projectionOf({ allOf: [{ type: 'string' }] })).toBeNull();
    expect(projectionOf({ type: 'object', properties: { a: { $ref: '#/definitions/a' } } })).toBeNull();
    expect(projectionOf({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBeNull();
    expect(projectionOf({ type: 'object', properties: { ['__proto__']: { type: 'string' } } })).toBeNull();
  });
});
