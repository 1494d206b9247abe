import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCompliance, encodeCompliance, type ComplianceTuple } from './compliance-list.ts';
import { printedDate } from './printing.ts';

const DAY = 86_400;
const asOf = '2026-05-10T12:34:56.000Z';
const asOfS = Date.parse(asOf) / 1000;

/** The field app's verdict (features/compliance): status at `now` and the dates it shows. */
function verdict([, paidUntil, flags]: ComplianceTuple, graceDays: number, now: number) {
  if (flags & 2) return { status: 'paused', owes: flags & 1 };
  const graceEnds = paidUntil + graceDays * DAY;
  const status = now < paidUntil ? 'active' : now < graceEnds ? 'grace' : 'expired';
  const shown = status === 'active' ? paidUntil : graceEnds;
  return { status, date: printedDate(new Date(shown * 1000).toISOString()), owes: flags & 1 };
}

let seed = 7;
const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
const code = () => Array.from({ length: 10 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[random(36)]).join('');

describe('the compliance list in columns', () => {
  const graceDays = 3;
  const entries: ComplianceTuple[] = [
    ...Array.from({ length: 3000 }, (): ComplianceTuple => {
      const paused = random(30) === 0;
      return [
        code(),
        paused ? 0 : asOfS + random(400 * DAY) - 300 * DAY,
        (paused ? 2 : 0) | (random(10) === 0 ? 1 : 0),
        random(20) ? `kja${random(1000)}ab` : '',
      ];
    }),
    // Right at the boundaries, and codes that are not 10 characters.
    [code(), asOfS - DAY - graceDays * DAY, 0, 'edge1'],
    [code(), asOfS - DAY - graceDays * DAY - 1, 1, 'edge2'],
    ['rm12cd34', asOfS + 5, 0, 'short'],
    ['0000000000', asOfS - 90 * DAY, 0, ''],
  ];
  const columns = encodeCompliance(entries, asOf, graceDays);
  const decoded = decodeCompliance(columns, asOf, graceDays);
  const byCode = new Map(decoded.map((entry) => [entry[0], entry]));

  it('keeps every entry, its flags and plate, and paid-until to the second wherever a verdict can still change', () => {
    expect(decoded).toHaveLength(entries.length);
    for (const entry of entries) {
      const back = byCode.get(entry[0])!;
      expect([back[0], back[2], back[3]]).toEqual([entry[0], entry[2], entry[3]]);
      if (entry[1] + graceDays * DAY >= asOfS - DAY) expect(back[1]).toBe(entry[1]);
    }
  });

  it('gives the verdict and the date the field app shows, at any time from a day before asOf', () => {
    for (const entry of entries) {
      for (const now of [asOfS - DAY, asOfS, asOfS + 3600, asOfS + 2 * DAY, asOfS + 40 * DAY, entry[1], entry[1] - 1, entry[1] + graceDays * DAY]) {
        if (now < asOfS - DAY) continue;
        expect(verdict(byCode.get(entry[0])!, graceDays, now)).toEqual(verdict(entry, graceDays, now));
      }
    }
  });

  it('gives back any set of 10-character codes, the extremes and gaps of any width included', () => {
    const char = fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz');
    const anyCode = fc.string({ unit: char, minLength: 10, maxLength: 10 });
    const extreme = fc.constantFrom('0000000000', 'zzzzzzzzzz', '00000zzzzz', 'zzzzz00000', '0000000001');
    fc.assert(
      fc.property(fc.uniqueArray(fc.oneof(anyCode, extreme), { maxLength: 60 }), (codes) => {
        const list = codes.map((userCode): ComplianceTuple => [userCode, asOfS + 60, 0, '']);
        const back = decodeCompliance(encodeCompliance(list, asOf, graceDays), asOf, graceDays).map(([userCode]) => userCode);
        expect(back).toEqual([...codes].sort());
      }),
    );
  });

  it('is an empty list when there is nothing', () => {
    expect(decodeCompliance(encodeCompliance([], asOf, graceDays), asOf, graceDays)).toEqual([]);
  });

  it("gives back every plate, of Nigeria's shape (sent as numbers) or any other, in its entry", () => {
    const letters = (n: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: n, maxLength: n });
    const nigerian = fc.tuple(letters(3), fc.integer({ min: 0, max: 999 }), letters(2)).map(([area, n, end]) => `${area}${String(n).padStart(3, '0')}${end}`);
    const other = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.oneof(nigerian, nigerian, other), { maxLength: 300 }), (plates) => {
        const list = plates.map((plate, i): ComplianceTuple => [String(1_000_000_000 + i * 7919).padStart(10, '0'), asOfS, 0, plate]);
        const back = new Map(decodeCompliance(encodeCompliance(list, asOf, graceDays), asOf, graceDays).map((entry) => [entry[0], entry[3]]));
        expect(list.map(([userCode]) => back.get(userCode))).toEqual(plates);
      }),
    );
  });

  it("sends a plate of Nigeria's shape as its area index, digits and letters: 21 bits for 3 areas", () => {
    const list = Array.from({ length: 1000 }, (_, i): ComplianceTuple => [
      String(2_000_000_000 + i).padStart(10, '0'),
      asOfS,
      0,
      `${['kja', 'lnd', 'epe'][i % 3]}${String(i % 1000).padStart(3, '0')}ab`,
    ]);
    const columns = encodeCompliance(list, asOf, graceDays);
    expect(columns.plateAreas).toEqual(['epe', 'kja', 'lnd']);
    expect(columns.plateBits).toBe(21);
    expect(columns.plateOthers).toEqual([]);
    expect(atob(columns.plateCodes).length).toBe(Math.ceil((1000 * 21) / 8));
  });
});
