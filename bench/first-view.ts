/**
 * A dashboard's first view of a range: the server keeps a ranking of top agents for a minute per
 * range (RANKING_CACHE_SECONDS), so under load the ranking calls answer from that cache. Here each
 * request asks for a range no request asked for before (the same length, ending a day earlier each
 * time), one at a time, so every answer computes its ranking: what a user waits for when opening a
 * range nobody opened within the minute.
 */
import { type Call, shiftedBack, urlOf } from './calls.ts';
import { type Measure, percentile } from './load.ts';

export async function firstViews(baseUrl: string, token: string, call: Call, views: number, firstShift: number): Promise<Measure> {
  const latencies: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  for (let view = 0; view < views; view += 1) {
    const begun = performance.now();
    const response = await fetch(baseUrl + urlOf(shiftedBack(call, firstShift + view)), { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    latencies.push(performance.now() - begun);
    if (!response.ok) non2xx += 1;
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: views / ((performance.now() - started) / 1000),
    requests: views,
    errors: 0,
    non2xx,
  };
}
