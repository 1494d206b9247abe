import { afterEach, describe, expect, it, vi } from 'vitest';
import { speedTrickOn } from './switches.ts';

describe('speedTrickOn', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('every trick is on unless BENCH_SPEED_OFF names it, or says all', () => {
    expect(speedTrickOn('row-mapper')).toBe(true);
    vi.stubEnv('BENCH_SPEED_OFF', 'pool-direct, json-projection');
    expect(speedTrickOn('row-mapper')).toBe(true);
    expect(speedTrickOn('json-projection')).toBe(false);
    expect(speedTrickOn('pool-direct')).toBe(false);
    vi.stubEnv('BENCH_SPEED_OFF', 'all');
    expect(speedTrickOn('inline-choices')).toBe(false);
  });
});
