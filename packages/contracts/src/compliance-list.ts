/**
 * The compliance list's columns (GET /api/field/compliance, issue 49): what the server writes and
 * the field app reads, entry for entry the same as the tuples they stand for.
 *
 * - `codes`: the 10-character Unique IDs read as base-36 numbers, sorted, each the difference from
 *   the one before Rice-coded (random codes: their gaps are near-geometric, so ~33 bits a code
 *   instead of 80), in base64. Any other code goes to `others` as a tuple.
 * - `kinds`: a letter per code: paused (p), paid-until kept to the day (d) or to the second (s),
 *   in capitals when a penalty is owed; `times`: a varint of paid-until per code not paused (a
 *   column of its own: the letters compress to ~1.4 bits, the times to what they carry). Paid-until is to the second
 *   wherever the verdict can still change: whenever the grace period ends after `asOf` less a day
 *   (CUTOFF_S), counted in seconds from that moment less the grace period. Otherwise the motorist is
 *   expired at any time after that moment, and only the Lagos day of paid-until is kept (it dates
 *   "Expired since": the grace period is whole days, and Lagos has no daylight saving): it is read
 *   back as the start of that day, earlier than the real time, so still expired, on the same date.
 * - `plates`: the plates' search keys in the same order, separated by spaces.
 */
import { COMPLIANCE_FLAGS } from './field-app.ts';

/** [userCode, paidUntil (epoch seconds; 0 while paused), flags, plate search key ('' when none)]. */
export type ComplianceTuple = [string, number, number, string];

export interface ComplianceColumns {
  count: number;
  /** Per code, whether paused (p), kept to the day (d) or to the second (s); upper case when owing a penalty. */
  kinds: string;
  /** The first code as a number (codes holds the gaps after it), 0 when there is none. */
  firstCode: number;
  /** The Rice parameter of `codes`: bits of each gap written as they are. */
  codeBits: number;
  codes: string;
  times: string;
  plates: string;
  others: ComplianceTuple[];
}

const DAY_S = 86_400;
/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET_S = 3_600;
/** Verdicts are exact for a phone whose clock is up to this much behind the list's asOf. */
const CUTOFF_S = DAY_S;
const CODE = /^[0-9a-z]{10}$/;

const lagosDay = (seconds: number) => Math.floor((seconds + LAGOS_OFFSET_S) / DAY_S);

function frame(asOf: string, graceDays: number) {
  const cutoff = Math.floor(Date.parse(asOf) / 1000) - CUTOFF_S;
  return { cutoff, cutoffDay: lagosDay(cutoff), base: cutoff - graceDays * DAY_S };
}

function pushVarint(out: number[], value: number): void {
  let n = value;
  while (n >= 128) {
    out.push((n % 128) + 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
}

function varints(bytes: Uint8Array): () => number {
  let at = 0;
  return () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('compliance list: a column ended early');
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  };
}

/** Writes bits, most significant first, into bytes. */
function bitWriter() {
  const bytes: number[] = [];
  let current = 0;
  let used = 0;
  const bit = (b: number) => {
    current = (current << 1) | b;
    used += 1;
    if (used === 8) {
      bytes.push(current);
      current = 0;
      used = 0;
    }
  };
  return {
    /** `value` (a whole number below 2^53) as quotient in unary and `k` low bits. */
    rice(value: number, k: number) {
      const scale = 2 ** k;
      for (let q = Math.floor(value / scale); q > 0; q -= 1) bit(1);
      bit(0);
      const rest = value % scale;
      for (let i = k - 1; i >= 0; i -= 1) bit(Math.floor(rest / 2 ** i) % 2);
    },
    bytes(): number[] {
      return used ? [...bytes, current << (8 - used)] : bytes;
    },
  };
}

function riceReader(bytes: Uint8Array, k: number): () => number {
  let at = 0;
  const bit = () => {
    const byte = bytes[at >> 3];
    if (byte === undefined) throw new Error('compliance list: a column ended early');
    const b = (byte >> (7 - (at & 7))) & 1;
    at += 1;
    return b;
  };
  return () => {
    let q = 0;
    while (bit()) q += 1;
    let rest = 0;
    for (let i = 0; i < k; i += 1) rest = rest * 2 + bit();
    return q * 2 ** k + rest;
  };
}

/** The Rice parameter for gaps of mean `mean`: about log2 of it. */
const riceBits = (mean: number) => (mean >= 2 ? Math.floor(Math.log2(mean)) : 0);

function toBase64(bytes: number[]): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.slice(i, i + 8192));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The entry's kind (p, d or s; upper case when it owes a penalty) and its varint, none when paused. */
function timeOf(paidUntil: number, flags: number, f: ReturnType<typeof frame>, graceDays: number): [string, number | null] {
  const owes = (kind: string) => (flags & COMPLIANCE_FLAGS.owesPenalty ? kind.toUpperCase() : kind);
  if (flags & COMPLIANCE_FLAGS.paused) return [owes('p'), null];
  if (paidUntil + graceDays * DAY_S < f.cutoff) return [owes('d'), f.cutoffDay - lagosDay(paidUntil)];
  return [owes('s'), paidUntil - f.base];
}

/** The columns of `entries`, as of `asOf` with `graceDays` of grace. */
export function encodeCompliance(entries: ComplianceTuple[], asOf: string, graceDays: number): ComplianceColumns {
  const f = frame(asOf, graceDays);
  const coded = entries.filter(([code]) => CODE.test(code)).map((entry) => ({ entry, value: parseInt(entry[0], 36) }));
  coded.sort((a, b) => a.value - b.value);
  const firstCode = coded[0]?.value ?? 0;
  const codeBits = riceBits(coded.length > 1 ? (coded[coded.length - 1].value - firstCode) / (coded.length - 1) : 0);
  const codes = bitWriter();
  const times: number[] = [];
  let kinds = '';
  let previous = firstCode;
  for (const { entry, value } of coded) {
    codes.rice(value - previous, codeBits);
    previous = value;
    const [kind, time] = timeOf(entry[1], entry[2], f, graceDays);
    kinds += kind;
    if (time !== null) pushVarint(times, time);
  }
  return {
    count: coded.length,
    firstCode,
    codeBits,
    codes: toBase64(codes.bytes()),
    kinds,
    times: toBase64(times),
    plates: coded.map(({ entry }) => entry[3]).join(' '),
    others: entries.filter(([code]) => !CODE.test(code)),
  };
}

/** The entries the columns stand for (paid-until of an expired one: the start of its Lagos day). */
export function decodeCompliance(columns: ComplianceColumns, asOf: string, graceDays: number): ComplianceTuple[] {
  const f = frame(asOf, graceDays);
  const nextCode = riceReader(fromBase64(columns.codes), columns.codeBits);
  const nextTime = varints(fromBase64(columns.times));
  const plates = columns.count ? columns.plates.split(' ') : [];
  const entries: ComplianceTuple[] = [];
  let value = columns.firstCode;
  for (let i = 0; i < columns.count; i += 1) {
    value += nextCode();
    const kind = columns.kinds[i];
    const lower = kind.toLowerCase();
    const flags = (kind === lower ? 0 : COMPLIANCE_FLAGS.owesPenalty) | (lower === 'p' ? COMPLIANCE_FLAGS.paused : 0);
    let paidUntil = 0;
    if (lower === 'd') paidUntil = (f.cutoffDay - nextTime()) * DAY_S - LAGOS_OFFSET_S;
    else if (lower === 's') paidUntil = f.base + nextTime();
    entries.push([value.toString(36).padStart(10, '0'), paidUntil, flags, plates[i] ?? '']);
  }
  return [...entries, ...columns.others];
}
