// The demo seed's shared setting: the database, the walking clock, the random source and who runs it.
import type { FileStore } from '../adapters/files.ts';
import type { Database } from '../db/connect.ts';
import type { Clock, ControlledClock } from '../lib/clock.ts';
import { fieldOn } from '../modules/field/index.ts';
import { penaltiesOn } from '../modules/penalties/index.ts';
import { subscriptionsOn } from '../modules/subscriptions/index.ts';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** A small deterministic random source, so two runs with the same DEMO_SEED tell the same story. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /**
     * A whole count whose average is `expected` (its fraction is the chance of one more). Rounding a
     * small rate would give 0 every day: a 300-motorist levy's 14 enforcers, at 0.2 scans a day each,
     * scanned nothing.
     */
    count: (expected: number) => Math.floor(expected) + (next() < expected - Math.floor(expected) ? 1 : 0),
    weighted: <T>(choices: ReadonlyArray<readonly [T, number]>): T => {
      const total = choices.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, weight] of choices) {
        r -= weight;
        if (r < 0) return value;
      }
      return choices[choices.length - 1][0];
    },
  };
}
export type RandomSource = ReturnType<typeof randomSource>;

export interface DemoStory {
  db: Database;
  /** Walks through the 13 months: every record is made at its story time. */
  clock: ControlledClock;
  random: RandomSource;
  superAdmin: { id: string; email: string; userCode: string };
  demoPassword: string;
  passwordHash: string;
  /** The first Lagos day of the story, and its end (now). */
  firstDay: string;
  end: Date;
  /** When the seed started (Date.now()), for its progress lines. */
  startedAt: number;
  /** The server's file store (the deposit slips' photos). */
  files: FileStore;
  /** Where the months' progress lines go. */
  log: (line: string) => void;
}

/** The services the seed goes through, on one transaction (a simulated month). */
export function ticketServices(tx: Database, clock: Clock) {
  const subscriptions = subscriptionsOn(tx, clock);
  return { subscriptions, penalties: penaltiesOn(tx, clock, subscriptions), field: fieldOn(tx, clock) };
}
