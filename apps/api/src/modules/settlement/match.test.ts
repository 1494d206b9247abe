import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchSettlement } from './match.ts';

describe('matchSettlement', () => {
  it('a clean day: 0 unexplained kobo, only the fees line', () => {
    const match = matchSettlement(
      [
        { reference: 'A', amountKobo: 150_000, feesKobo: 2_250 },
        { reference: 'B', amountKobo: 50_000, feesKobo: 750 },
      ],
      [
        { reference: 'B', amountKobo: 50_000 },
        { reference: 'A', amountKobo: 150_000 },
      ],
      197_000,
    );
    expect(match.unexplainedKobo).toBe(0);
    expect(match.differences).toEqual([expect.objectContaining({ kind: 'fees', providerKobo: 3_000 })]);
    expect(match).toMatchObject({ providerCount: 2, providerKobo: 200_000, ledgerCount: 2, ledgerKobo: 200_000, feesKobo: 3_000, settledKobo: 197_000 });
  });

  it('names each kind of difference and sums them', () => {
    const match = matchSettlement(
      [
        { reference: 'THERE', amountKobo: 10_000, feesKobo: 0 },
        { reference: 'BOTH', amountKobo: 20_000, feesKobo: 0 },
      ],
      [
        { reference: 'HERE', amountKobo: 5_000 },
        { reference: 'BOTH', amountKobo: 25_000 },
      ],
      0,
    );
    expect(match.differences.map((d) => [d.kind, d.reference])).toEqual([
      ['amount-differs', 'BOTH'],
      ['ledger-only', 'HERE'],
      ['provider-only', 'THERE'],
    ]);
    expect(match.unexplainedKobo).toBe(5_000 + 5_000 + 10_000);
  });

  it('nets a reference credited and taken back the same day to nothing', () => {
    const match = matchSettlement(
      [],
      [
        { reference: 'X', amountKobo: 5_000 },
        { reference: 'X', amountKobo: -5_000 },
      ],
      0,
    );
    expect(match.differences).toEqual([]);
    expect(match.ledgerCount).toBe(0);
  });

  it('is clean exactly when both sides hold the same amounts per reference', () => {
    const side = fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 10_000_000 }), { maxKeys: 20 });
    fc.assert(
      fc.property(side, side, (theirs, ours) => {
        const match = matchSettlement(
          Object.entries(theirs).map(([reference, amountKobo]) => ({ reference, amountKobo, feesKobo: 1 })),
          Object.entries(ours).map(([reference, amountKobo]) => ({ reference, amountKobo })),
          0,
        );
        const same = JSON.stringify(Object.entries(theirs).sort()) === JSON.stringify(Object.entries(ours).sort());
        expect(match.unexplainedKobo === 0).toBe(same);
        expect(match.unexplainedKobo).toBeGreaterThanOrEqual(Math.abs(match.providerKobo - match.ledgerKobo));
      }),
    );
  });
});
