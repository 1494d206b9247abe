/** The speed tricks of this folder (README.md), each of which the benchmark can turn off. */
export type SpeedTrick = 'inline-choices' | 'row-mapper' | 'pool-direct' | 'json-projection';

/**
 * Whether a trick is on: always, unless BENCH_SPEED_OFF names it (a comma-separated list, or `all`).
 * Bench only (bench/speed-tricks.ts measures what each trick buys, the server beside itself without it).
 */
export function speedTrickOn(trick: SpeedTrick): boolean {
  const off = process.env.BENCH_SPEED_OFF?.split(',').map((name) => name.trim());
  return !off || !(off.includes('all') || off.includes(trick));
}
