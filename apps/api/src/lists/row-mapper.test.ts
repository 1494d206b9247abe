import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flatRowMapper } from './row-mapper.ts';
import { ticketSubscriptions, users } from '../db/schema.ts';

describe('flatRowMapper', () => {
  it("maps each driver value with its field's own decoder, in the order the fields were selected; null stays null", () => {
    const mapRows = flatRowMapper({
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

  it('leaves a selection with nested objects to Drizzle (it nulls an object whose join found nothing)', () => {
    expect(flatRowMapper({ id: users.id, motorist: { id: users.id } })).toBeNull();
  });
});
