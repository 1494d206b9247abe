/**
 * The compliance list's columns (GET /api/field/compliance, issue 49): what the server writes and
 * the field app reads, entry for entry the same as the tuples they stand for.
 *
 * - `codes`: the 10-character Unique IDs read as base-36 numbers, sorted, each the difference from
 *   the one before Rice-coded (random codes: their gaps are near-geometric, so ~33 bits a code
 *   instead of 80), in base64. Any other code goes to `others` as a tuple.
 * - `kinds`: a letter per code: paused (p), paid-until kept to the day (d) or to the second (s),
 *   in capitals when a penalty is owed; paid-until of each kept to the second in `seconds` (`secondBits`
 *   bits each), of each kept to the day in `days` (a varint each): columns of their own, so the
 *   letters compress to ~1.4 bits and the times to what they carry. Paid-until is to the second
 *   wherever the verdict can still change: whenever the grace period ends after `asOf` less a day
 *   (CUTOFF_S), counted in seconds from that moment less the grace period. Otherwise the motorist is
 *   expired at any time after that moment, and only the Lagos day of paid-until is kept (it dates
 *   "Expired since": the grace period is whole days, and Lagos has no daylight saving): it is read
 *   back as the start of that day, earlier than the real time, so still expired, on the same date.
 * - `plateCodes`: the plates' search keys in the same order, each of Nigeria's shape (`kja123ab`: an
 *   area's 3 letters, 3 digits, 2 letters) as one number, area (an index into `plateAreas`) × 676,000
 *   + digits × 676 + letters, in `plateBits` bits (~24 bits against ~35 for the text compressed);
 *   the number just past them marks a plate of any other shape, found in `plateOthers` in order.
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
  /** Per code kept to the day (d), a varint: days before the reference day. */
  days: string;
  secondBits: number;
  /** Per code kept to the second (s), `secondBits` bits: seconds after the reference. */
  seconds: string;
  /** The areas (first 3 letters) of the page's plates of Nigeria's shape, sorted. */
  plateAreas: string[];
  plateBits: number;
  plateCodes: string;
  /** Plates of another shape ('' when none), in order. */
  plateOthers: string[];
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

/**
 * Bits move up to CHUNK at a time, in 32-bit integer arithmetic: a page of 20,000 entries (~1.6
 * million bits) took 38 ms of the server's CPU written a bit at a time (a division and a power per
 * bit), and the phone reads as many. Wider values (codes: up to 53 bits) are split into chunks.
 */
const CHUNK = 24;
const CHUNK_SCALE = 2 ** CHUNK;

/** Writes bits, most significant first, into bytes. */
function bitWriter() {
  const bytes: number[] = [];
  /** The bits not yet in a byte (fewer than 8), in the low bits. */
  let pending = 0;
  let used = 0;
  /** `value` (below 2^n) in `n` bits, n ≤ CHUNK. */
  const chunk = (value: number, n: number) => {
    pending = (pending << n) | value;
    used += n;
    while (used >= 8) {
      used -= 8;
      bytes.push((pending >>> used) & 255);
    }
    pending &= (1 << used) - 1;
  };
  /** `value` (below 2^k, k ≤ 53) in `k` bits. */
  const fixed = (value: number, k: number): void => {
    if (k <= CHUNK) return chunk(value, k);
    fixed(Math.floor(value / CHUNK_SCALE), k - CHUNK);
    chunk(value % CHUNK_SCALE, CHUNK);
  };
  return {
    fixed,
    /** `value` (a whole number below 2^53) as quotient in unary (ones, then a zero) and `k` low bits. */
    rice(value: number, k: number) {
      const scale = 2 ** k;
      let ones = Math.floor(value / scale);
      for (; ones >= CHUNK; ones -= CHUNK) chunk(CHUNK_SCALE - 1, CHUNK);
      chunk(((1 << ones) - 1) << 1, ones + 1);
      fixed(value % scale, k);
    },
    bytes(): number[] {
      return used ? [...bytes, pending << (8 - used)] : bytes;
    },
  };
}

function bitReader(bytes: Uint8Array) {
  let at = 0;
  const byteAt = (index: number) => {
    const byte = bytes[index];
    if (byte === undefined) throw new Error('compliance list: a column ended early');
    return byte;
  };
  /** The next `n` bits (n ≤ CHUNK) as a number. */
  const chunk = (n: number) => {
    let value = 0;
    for (let need = n; need > 0;) {
      const left = 8 - (at & 7);
      const take = Math.min(left, need);
      value = (value << take) | ((byteAt(at >> 3) >> (left - take)) & ((1 << take) - 1));
      at += take;
      need -= take;
    }
    return value;
  };
  const fixed = (k: number): number => (k <= CHUNK ? chunk(k) : fixed(k - CHUNK) * CHUNK_SCALE + chunk(CHUNK));
  return {
    fixed,
    rice(k: number) {
      let q = 0;
      while (chunk(1)) q += 1;
      return q * 2 ** k + fixed(k);
    },
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

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const HALF_CODE = 36 ** 5;

/**
 * A 10-character Unique ID from its number (below 36^10), as two halves of integer arithmetic:
 * Number#toString(36) goes through V8's general conversion for doubles and was three quarters of
 * the phone's time reading a page of 20,000 entries.
 */
function base36Code(value: number): string {
  const high = Math.floor(value / HALF_CODE);
  return fiveBase36(high) + fiveBase36(value - high * HALF_CODE);
}

/** `value` (below 36^5) as 5 base-36 digits. */
function fiveBase36(value: number): string {
  let digits = '';
  for (let rest = value, i = 0; i < 5; i += 1, rest = Math.floor(rest / 36)) digits = BASE36[rest % 36] + digits;
  return digits;
}

/** Nigeria's plate shape, as search keys hold it: an area's 3 letters, 3 digits, 2 letters. */
const NIGERIAN_PLATE = /^([a-z]{3})(\d{3})([a-z])([a-z])$/;
const SERIALS_PER_AREA = 1000 * 26 * 26;
const letter = (c: string) => c.charCodeAt(0) - 97;

/** Bits for the numbers 0…max. */
function bitsFor(max: number): number {
  let bits = 0;
  while (2 ** bits <= max) bits += 1;
  return bits;
}

function encodePlates(plates: string[]): Pick<ComplianceColumns, 'plateAreas' | 'plateBits' | 'plateCodes' | 'plateOthers'> {
  const shapes = plates.map((plate) => NIGERIAN_PLATE.exec(plate));
  const areas = [...new Set(shapes.flatMap((shape) => (shape ? [shape[1]] : [])))].sort();
  const areaIndex = new Map(areas.map((area, index) => [area, index]));
  const otherShape = areas.length * SERIALS_PER_AREA;
  const bits = bitsFor(otherShape);
  const writer = bitWriter();
  const plateOthers: string[] = [];
  for (const [index, plate] of plates.entries()) {
    const shape = shapes[index];
    if (shape) writer.fixed(areaIndex.get(shape[1])! * SERIALS_PER_AREA + Number(shape[2]) * 676 + letter(shape[3]) * 26 + letter(shape[4]), bits);
    else {
      writer.fixed(otherShape, bits);
      plateOthers.push(plate);
    }
  }
  return { plateAreas: areas, plateBits: bits, plateCodes: toBase64(writer.bytes()), plateOthers };
}

function decodePlates(columns: ComplianceColumns): string[] {
  const reader = bitReader(fromBase64(columns.plateCodes));
  const otherShape = columns.plateAreas.length * SERIALS_PER_AREA;
  const plates: string[] = [];
  let nextOther = 0;
  for (let i = 0; i < columns.count; i += 1) {
    const value = reader.fixed(columns.plateBits);
    if (value >= otherShape) {
      plates.push(columns.plateOthers[nextOther++] ?? '');
      continue;
    }
    const serial = value % SERIALS_PER_AREA;
    const letters = serial % 676;
    plates.push(
      `${columns.plateAreas[Math.floor(value / SERIALS_PER_AREA)]}${String(Math.floor(serial / 676)).padStart(3, '0')}${String.fromCharCode(97 + Math.floor(letters / 26), 97 + (letters % 26))}`,
    );
  }
  return plates;
}

/** The entry's kind: paused (p), paid-until kept to the day (d) or to the second (s). */
function kindOf(paidUntil: number, flags: number, f: ReturnType<typeof frame>, graceDays: number): 'p' | 'd' | 's' {
  if (flags & COMPLIANCE_FLAGS.paused) return 'p';
  return paidUntil + graceDays * DAY_S < f.cutoff ? 'd' : 's';
}
const OWING: Record<'p' | 'd' | 's', string> = { p: 'P', d: 'D', s: 'S' };

/** The columns of `entries`, as of `asOf` with `graceDays` of grace. */
export function encodeCompliance(entries: ComplianceTuple[], asOf: string, graceDays: number): ComplianceColumns {
  const f = frame(asOf, graceDays);
  const coded = entries.filter((entry) => CODE.test(entry[0])).map((entry) => ({ entry, value: parseInt(entry[0], 36) }));
  coded.sort((a, b) => a.value - b.value);
  const firstCode = coded[0]?.value ?? 0;
  const codeBits = riceBits(coded.length > 1 ? (coded[coded.length - 1].value - firstCode) / (coded.length - 1) : 0);
  const codes = bitWriter();
  const days: number[] = [];
  const seconds: number[] = [];
  let kinds = '';
  let previous = firstCode;
  for (const { entry, value } of coded) {
    codes.rice(value - previous, codeBits);
    previous = value;
    const paidUntil = entry[1];
    const flags = entry[2];
    const kind = kindOf(paidUntil, flags, f, graceDays);
    kinds += flags & COMPLIANCE_FLAGS.owesPenalty ? OWING[kind] : kind;
    if (kind === 'd') pushVarint(days, f.cutoffDay - lagosDay(paidUntil));
    else if (kind === 's') seconds.push(paidUntil - f.base);
  }
  const secondBits = bitsFor(seconds.reduce((max, value) => Math.max(max, value), 0));
  const secondsColumn = bitWriter();
  for (const value of seconds) secondsColumn.fixed(value, secondBits);
  return {
    count: coded.length,
    firstCode,
    codeBits,
    codes: toBase64(codes.bytes()),
    kinds,
    days: toBase64(days),
    secondBits,
    seconds: toBase64(secondsColumn.bytes()),
    ...encodePlates(coded.map(({ entry }) => entry[3])),
    others: entries.filter((entry) => !CODE.test(entry[0])),
  };
}

/** The entries the columns stand for (paid-until of an expired one: the start of its Lagos day). */
export function decodeCompliance(columns: ComplianceColumns, asOf: string, graceDays: number): ComplianceTuple[] {
  const f = frame(asOf, graceDays);
  const codes = bitReader(fromBase64(columns.codes));
  const nextDay = varints(fromBase64(columns.days));
  const seconds = bitReader(fromBase64(columns.seconds));
  const plates = decodePlates(columns);
  const entries: ComplianceTuple[] = [];
  let value = columns.firstCode;
  for (let i = 0; i < columns.count; i += 1) {
    value += codes.rice(columns.codeBits);
    const kind = columns.kinds[i];
    const lower = kind.toLowerCase();
    const flags = (kind === lower ? 0 : COMPLIANCE_FLAGS.owesPenalty) | (lower === 'p' ? COMPLIANCE_FLAGS.paused : 0);
    let paidUntil = 0;
    if (lower === 'd') paidUntil = (f.cutoffDay - nextDay()) * DAY_S - LAGOS_OFFSET_S;
    else if (lower === 's') paidUntil = f.base + seconds.fixed(columns.secondBits);
    entries.push([base36Code(value), paidUntil, flags, plates[i] ?? '']);
  }
  return [...entries, ...columns.others];
}
