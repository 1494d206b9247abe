import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowMapper } from './row-mapper.ts';
import { ticketSubscriptions, users } from '../../db/schema.ts';

describe('rowMapper', () => {
  it("maps each driver value with its field's own decoder, in the order the fields were selected; null stays null", () => {
    const mapRows = rowMapper({
      id: users.id,
      createdAt: users.createdAt,
      accumulated: ticketSubscriptions.accumulatedAmountKobo,
      total: sql<number>`count(*)`.mapWith(Number),
      label: sql<string>`'x'`.as('label'),
      renewedAt: ticketSubscriptions.renewedAt,
    });
    expect(mapRows?.([['u-1', '2026-05-01 09:00:00.123+00', '1500', '42', 'x', null]])).toEqual([
      { id: 'u-1', createdAt: new Date('2026-05-01T09:00:00.123Z'), accumulated: 1500, total: 42, label: 'x', renewedAt: null },
    ]);
  });

  it('maps an object of values in its place, and nulls it when all its values are null (a left join that found nothing)', () => {
    const mapRows = rowMapper({
      id: users.id,
      motorist: { id: users.id, createdAt: users.createdAt },
      total: sql<number>`count(*)`.mapWith(Number),
    });
    expect(
      mapRows?.([
        ['s-1', 'u-1', '2026-05-01 09:00:00+00', '3'],
        ['s-2', null, null, '4'],
      ]),
    ).toEqual([
      { id: 's-1', motorist: { id: 'u-1', createdAt: new Date('2026-05-01T09:00:00Z') }, total: 3 },
      { id: 's-2', motorist: null, total: 4 },
    ]);
  });

  it('keeps any field name as it is, and leaves a selection naming __proto__ to Drizzle', () => {
    const mapRows = rowMapper({ 'plate-number': users.id, 'a "quoted"\\ name': { 'line\nbreak': users.createdAt }, empty: {} });
    expect(mapRows?.([['p-1', '2026-05-01 09:00:00+00']])).toEqual([
      { 'plate-number': 'p-1', 'a "quoted"\\ name': { 'line\nbreak': new Date('2026-05-01T09:00:00Z') }, empty: null },
    ]);
    expect(rowMapper({ id: users.id, ['__proto__']: users.createdAt })).toBeNull();
    expect(rowMapper({ id: users.id, motorist: { ['__proto__']: users.id } })).toBeNull();
  });

  it('leaves deeper selections and whole tables to Drizzle', () => {
    expect(rowMapper({ id: users.id, motorist: { account: { id: users.id } } })).toBeNull();
    expect(rowMapper({ id: users.id, motorist: users })).toBeNull();
  });
});
