import { describe, expect, it } from 'vitest';
import { addPlanPeriod, effectiveExpiry, extend, pause, resume, statusAt, type LifecycleState } from './lifecycle.ts';

const DAY = 24 * 3600_000;
const GRACE = 3 * DAY;
const at = (iso: string) => new Date(iso);
const running = (expiresAt: string): LifecycleState => ({ expiresAt: at(expiresAt), pausedAt: null, pausedRemainingMs: null });

describe('plan periods (Lagos calendar)', () => {
  const from = at('2026-01-31T09:00:00Z');
  it.each([
    ['daily', '2026-02-01T09:00:00.000Z'],
    ['weekly', '2026-02-07T09:00:00.000Z'],
    ['monthly', '2026-02-28T09:00:00.000Z'],
    ['3 months', '2026-04-30T09:00:00.000Z'],
    ['6 months', '2026-07-31T09:00:00.000Z'],
    ['yearly', '2027-01-31T09:00:00.000Z'],
  ] as const)('%s ends at %s', (plan, expected) => {
    expect(addPlanPeriod(from, plan).toISOString()).toBe(expected);
  });
});

describe('status derived from time', () => {
  const s = running('2026-03-10T12:00:00Z');
  it('is active until the expiry, grace for the grace period, then expired', () => {
    expect(statusAt(s, at('2026-03-10T11:59:59.999Z'), GRACE)).toBe('active');
    expect(statusAt(s, at('2026-03-10T12:00:00.000Z'), GRACE)).toBe('grace');
    expect(statusAt(s, at('2026-03-13T11:59:59.999Z'), GRACE)).toBe('grace');
    expect(statusAt(s, at('2026-03-13T12:00:00.000Z'), GRACE)).toBe('expired');
  });

  it('follows the grace period setting', () => {
    expect(statusAt(s, at('2026-03-10T12:00:00Z'), 0)).toBe('expired');
    expect(statusAt(s, at('2026-03-16T11:00:00Z'), 7 * DAY)).toBe('grace');
  });
});

describe('pause and resume', () => {
  it('freezes the remaining time and restores it on resume', () => {
    const paused = pause(running('2026-03-10T12:00:00Z'), at('2026-03-08T12:00:00Z'));
    expect(paused.pausedRemainingMs).toBe(2 * DAY);
    // A month later it is still paused with two days left.
    const later = at('2026-04-08T12:00:00Z');
    expect(statusAt(paused, later, GRACE)).toBe('paused');
    expect(effectiveExpiry(paused, later).toISOString()).toBe('2026-04-10T12:00:00.000Z');
    const resumed = resume(paused, later);
    expect(resumed).toEqual({ expiresAt: at('2026-04-10T12:00:00Z'), pausedAt: null, pausedRemainingMs: null });
    expect(statusAt(resumed, later, GRACE)).toBe('active');
  });

  it('keeps a subscription in grace in grace: the time past expiry is frozen too', () => {
    const paused = pause(running('2026-03-10T12:00:00Z'), at('2026-03-11T12:00:00Z'));
    expect(paused.pausedRemainingMs).toBe(-DAY);
    const resumed = resume(paused, at('2026-05-01T12:00:00Z'));
    expect(statusAt(resumed, at('2026-05-01T12:00:00Z'), GRACE)).toBe('grace');
    expect(statusAt(resumed, at('2026-05-03T12:00:00Z'), GRACE)).toBe('expired');
  });
});

describe('extending by a payment', () => {
  it('extends from the current expiry while it is in the future', () => {
    const { next, expiresBefore, expiresAfter } = extend(running('2026-03-10T12:00:00Z'), 'weekly', at('2026-03-08T08:00:00Z'));
    expect(expiresBefore.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(expiresAfter.toISOString()).toBe('2026-03-17T12:00:00.000Z');
    expect(next.expiresAt).toEqual(expiresAfter);
  });

  it('extends from now once expired (time in grace is not paid back)', () => {
    const { expiresAfter } = extend(running('2026-03-10T12:00:00Z'), 'daily', at('2026-03-11T08:00:00Z'));
    expect(expiresAfter.toISOString()).toBe('2026-03-12T08:00:00.000Z');
  });

  it('while paused extends the frozen remaining time and stays paused', () => {
    const paused = pause(running('2026-03-10T12:00:00Z'), at('2026-03-08T12:00:00Z'));
    const { next } = extend(paused, 'weekly', at('2026-03-20T12:00:00Z'));
    expect(next.pausedAt).toEqual(paused.pausedAt);
    expect(next.pausedRemainingMs).toBe(9 * DAY);
    expect(statusAt(next, at('2026-03-20T12:00:00Z'), GRACE)).toBe('paused');
  });
});
