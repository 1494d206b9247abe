/** The shapes of a dashboard figure: the windows it is read for, its raw values, the activity metrics and the intervals of a series. */
import type { DayRange } from '../../lists/date-range.ts';

/** The three windows every figure is read for. */
export interface Windows {
  current: DayRange;
  previous: DayRange;
  today: DayRange;
}

/** A figure's raw values: the range, the range before, today. */
export interface Triple {
  current: number;
  previous: number;
  today: number;
}

export const ACTIVITY_METRICS = [
  'subscription_kobo',
  'penalty_kobo',
  'subscription_payments',
  'penalty_payments',
  'scans',
  'compliant_scans',
  'penalties_charged_kobo',
] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];
export type ActivityTotals = Record<ActivityMetric, number>;

export type Interval = 'day' | 'month';
