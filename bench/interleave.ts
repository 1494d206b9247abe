/**
 * A call over HTTP and the thin wrapper running its SQL, measured in alternating slices (API, thin,
 * API, thin, …) rather than one after the other: this machine's speed drifts by half and more within
 * a minute (other work on the host), and a ratio of two figures taken ten seconds apart measured the
 * drift. inRounds repeats this in rounds minutes apart (run.ts: --rounds). Each side's figures are
 * the median of all its slices' (p50, p95), its rate its requests over its time, its CPU per request
 * the mean over its requests.
 */
import type { CpuPerRequest } from './cpu.ts';
import type { Measure } from './load.ts';

/** Runs one slice of a side for `seconds` (warming up first when `warm` is set). */
export type Side = (seconds: number, warm: boolean) => Promise<Measure>;

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

function meanPerRequest(parts: Measure[], pick: (cpu: CpuPerRequest) => number | null): number | null {
  let total = 0;
  let requests = 0;
  for (const part of parts) {
    const value = part.cpu ? pick(part.cpu) : null;
    if (value === null || Number.isNaN(value)) return null;
    total += value * part.requests;
    requests += part.requests;
  }
  return requests > 0 ? total / requests : null;
}

/** One side's slices as one measure. */
export function combine(parts: Measure[]): Measure {
  const requests = parts.reduce((sum, part) => sum + part.requests, 0);
  const seconds = parts.reduce((sum, part) => sum + (part.rps > 0 ? part.requests / part.rps : 0), 0);
  const clientCpu = parts.every((part) => part.clientCpuMs !== undefined && !Number.isNaN(part.clientCpuMs))
    ? parts.reduce((sum, part) => sum + part.clientCpuMs! * part.requests, 0) / Math.max(requests, 1)
    : undefined;
  const metered = parts.every((part) => part.cpu);
  return {
    p50: requests > 0 ? median(parts.map((part) => part.p50)) : Number.NaN,
    p95: requests > 0 ? median(parts.map((part) => part.p95)) : Number.NaN,
    rps: seconds > 0 ? requests / seconds : 0,
    requests,
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    non2xx: parts.reduce((sum, part) => sum + part.non2xx, 0),
    ...(metered ? { cpu: { serverMs: meanPerRequest(parts, (cpu) => cpu.serverMs), databaseMs: meanPerRequest(parts, (cpu) => cpu.databaseMs) } } : {}),
    ...(clientCpu === undefined ? {} : { clientCpuMs: clientCpu }),
  };
}

/**
 * Each side run `slices` times in turn, about `seconds` in all per side (whole seconds a slice: wrk's
 * unit), the first slice of each warmed up; each side's slices, to be combined with those of its
 * other rounds.
 */
export async function interleaved(sides: Side[], seconds: number, slices: number): Promise<Measure[][]> {
  const parts: Measure[][] = sides.map(() => []);
  const sliceSeconds = Math.max(1, Math.round(seconds / slices));
  for (let slice = 0; slice < slices; slice += 1) {
    for (const [index, side] of sides.entries()) parts[index].push(await side(sliceSeconds, slice === 0));
  }
  return parts;
}

/** What one comparison measures: the API's side and, when there is one, the thin wrapper's. */
/** `slices`: this comparison's own number of slices a round (a heavy call's: one). */
export type Comparison = { label: string; api: Side; thin: Side | null; slices?: number };

/** A comparison's figures: each side's slices of all rounds combined. */
export type Compared = { api: Measure; thin?: Measure };

/**
 * Every comparison measured in `rounds` rounds, a round going through each of them once, so that one
 * comparison's rounds are minutes apart. A comparison without a thin side is measured once, in one
 * run of `seconds`. `report` hears each round's figures as they come (label, API, thin).
 */
export async function inRounds(
  comparisons: Comparison[],
  { rounds, seconds, slices }: { rounds: number; seconds: number; slices: number },
  report: (label: string, api: Measure, thin?: Measure) => void,
): Promise<Compared[]> {
  const slicesOf = comparisons.map(() => ({ api: [] as Measure[], thin: [] as Measure[] }));
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, { label, api, thin, slices: own }] of comparisons.entries()) {
      if (thin) {
        const [apiSlices, thinSlices] = await interleaved([api, thin], seconds, own ?? slices);
        slicesOf[index].api.push(...apiSlices);
        slicesOf[index].thin.push(...thinSlices);
        report(`round ${round} of ${rounds}, ${label}`, combine(apiSlices), combine(thinSlices));
      } else if (round === 1) {
        slicesOf[index].api.push(await api(seconds, true));
        report(label, slicesOf[index].api[0]);
      }
    }
  }
  return slicesOf.map(({ api, thin }) => (thin.length > 0 ? { api: combine(api), thin: combine(thin) } : { api: combine(api) }));
}
