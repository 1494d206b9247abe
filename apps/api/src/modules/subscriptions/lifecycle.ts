/**
 * The subscription lifecycle (DESIGN.md section 4) as pure functions of a subscription's stored
 * state and "now": no database, no clock of its own.
 *
 *   paused                               → paused (the remaining time is frozen)
 *   now <  expiresAt                     → active
 *   now <  expiresAt + grace period      → grace
 *   otherwise                            → expired
 */
import type { PlanName, SubscriptionStatus } from '@eticket/contracts';
import { addLagosDays, addLagosMonths } from '../../domain/calendar.ts';

/** The settings row of the grace period after expiry, in days (DEFAULT_GRACE_PERIOD_DAYS when unset). */
export const GRACE_SETTING_KEY = 'subscription_grace_days';

export interface LifecycleState {
  expiresAt: Date;
  pausedAt: Date | null;
  /** expiresAt − pausedAt when paused (negative when paused after expiry), else null. */
  pausedRemainingMs: number | null;
}

/** The end of one period of a plan starting at `from`, in Lagos calendar terms. */
export function addPlanPeriod(from: Date, plan: PlanName): Date {
  switch (plan) {
    case 'daily':
      return addLagosDays(from, 1);
    case 'weekly':
      return addLagosDays(from, 7);
    case 'monthly':
      return addLagosMonths(from, 1);
    case '3 months':
      return addLagosMonths(from, 3);
    case '6 months':
      return addLagosMonths(from, 6);
    case 'yearly':
      return addLagosMonths(from, 12);
  }
}

/** When the paid time ends; while paused, when it would end if resumed at `now`. */
export function effectiveExpiry(state: LifecycleState, now: Date): Date {
  if (state.pausedAt !== null) return new Date(now.getTime() + (state.pausedRemainingMs ?? 0));
  return state.expiresAt;
}

export function statusAt(state: LifecycleState, now: Date, graceMs: number): SubscriptionStatus {
  if (state.pausedAt !== null) return 'paused';
  const t = now.getTime();
  const expires = state.expiresAt.getTime();
  if (t < expires) return 'active';
  if (t < expires + graceMs) return 'grace';
  return 'expired';
}

/** Freezes the remaining time (which may be negative: a subscription in grace or expired stays so). */
export function pause(state: LifecycleState, now: Date): LifecycleState {
  return { expiresAt: state.expiresAt, pausedAt: now, pausedRemainingMs: state.expiresAt.getTime() - now.getTime() };
}

/** Restores the frozen remaining time from `now`. */
export function resume(state: LifecycleState, now: Date): LifecycleState {
  return { expiresAt: effectiveExpiry(state, now), pausedAt: null, pausedRemainingMs: null };
}

/**
 * A payment of one plan period: extends from max(now, current expiry). While paused the frozen
 * remaining time is extended instead (as if resumed now, extended, and paused again).
 */
export function extend(state: LifecycleState, plan: PlanName, now: Date): { next: LifecycleState; expiresBefore: Date; expiresAfter: Date } {
  const expiresBefore = effectiveExpiry(state, now);
  const from = expiresBefore.getTime() > now.getTime() ? expiresBefore : now;
  const expiresAfter = addPlanPeriod(from, plan);
  const next: LifecycleState =
    state.pausedAt !== null
      ? { expiresAt: expiresAfter, pausedAt: state.pausedAt, pausedRemainingMs: expiresAfter.getTime() - now.getTime() }
      : { expiresAt: expiresAfter, pausedAt: null, pausedRemainingMs: null };
  return { next, expiresBefore, expiresAfter };
}
