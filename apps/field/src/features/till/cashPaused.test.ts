import { TILL_MESSAGES, type FieldTill } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import { cashPausedOf } from './cashPaused.ts';
import type { KeptTill } from './till.ts';

const HOUR = 3600_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const said = (till: Partial<FieldTill>, asOf = NOW - HOUR): KeptTill => ({
  agentId: 'a',
  asOf,
  till: { till: null, pendingClose: null, rejected: null, cashPaused: null, limits: { hours: 24, naira: 50_000 }, ...till },
});
const openTill = (openedHoursAgo: number, collections: number) => ({
  id: 't',
  openedAt: new Date(NOW - openedHoursAgo * HOUR).toISOString(),
  collections,
  lateCollections: 0,
  lastCollectionAt: null,
});

describe('whether cash is paused, before a collection starts', () => {
  it('is the server’s word when it said so', () => {
    const paused = { reason: 'amount' as const, message: TILL_MESSAGES.cashPaused.amount('₦50,000.00') };
    expect(cashPausedOf(said({ cashPaused: paused }), NOW)).toEqual(paused);
  });

  it('is not paused when nothing is known, no cash is held, or the cash is younger than the limit', () => {
    expect(cashPausedOf(null, NOW)).toBeNull();
    expect(cashPausedOf(said({ till: null }), NOW)).toBeNull();
    expect(cashPausedOf(said({ till: openTill(30, 0) }), NOW)).toBeNull();
    expect(cashPausedOf(said({ till: openTill(23, 4) }), NOW)).toBeNull();
  });

  it('offline, pauses cash held past the hours limit since the server last spoke, in the server’s words', () => {
    expect(cashPausedOf(said({ till: openTill(25, 4) }), NOW)).toEqual({ reason: 'age', message: TILL_MESSAGES.cashPaused.age(24) });
  });
});
