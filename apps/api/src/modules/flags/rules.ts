import { DEFAULT_FLAG_SETTINGS, type FlagRule } from '@eticket/contracts';

/** The rules' thresholds (FLAG_* settings; docs/flags.md). */
export interface FlagSettings {
  maxSpeedKmh: number;
  stickerMinutes: number;
  stickerKm: number;
  scansPerMinute: number;
  lateHours: number;
  contactGapSeconds: number;
  contactSlackMinutes: number;
}

export const DEFAULT_FLAGS: FlagSettings = { ...DEFAULT_FLAG_SETTINGS };

/**
 * Two places closer than this are never "impossible travel", however close in time: a phone's fix
 * wanders by some hundreds of metres, and two scans seconds apart would otherwise read as hundreds of km/h.
 */
export const MIN_TRAVEL_KM = 1;

/** How far before and after a scan the agent's neighbouring scans are looked for (the speed rule). */
export const SPEED_WINDOW_HOURS = 12;

export interface Place {
  latitude: number;
  longitude: number;
  /** Metres, as the phone reported it; null: unknown. */
  accuracy: number | null;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance the two fixes prove at least: their distance less both accuracies. */
export const provenKm = (a: Place, b: Place): number => Math.max(0, distanceKm(a, b) - ((a.accuracy ?? 0) + (b.accuracy ?? 0)) / 1000);

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A scan just recorded, as the rules see it. */
export interface ScanCapture {
  scanId: string;
  agentId: string;
  motoristId: string;
  at: Date;
  received: Date;
  place: Place | null;
}

/** An earlier or later scan near it in time (the index-backed neighbours the repository reads). */
export interface NearScan {
  id: string;
  agentId: string;
  at: Date;
  place: Place;
}

/** What the repository reads around a scan: its agent's nearest located scans either side, the sticker's scans near it, the agent's scans a minute either side. */
export interface ScanNeighbours {
  before: NearScan | null;
  after: NearScan | null;
  sticker: NearScan[];
  minuteBefore: number;
  minuteAfter: number;
}

/** A flag to write: its rule, the subject it is unique on (per agent), and what the rule measured. */
export interface FlagDraft {
  rule: FlagRule;
  subject: string;
  details: Record<string, unknown>;
}

/** The minute (UTC, ISO to the minute) a capture falls in: one scan-rate flag per agent per minute. */
const minuteOf = (at: Date) => at.toISOString().slice(0, 16);

/** Whether a capture reached the server more than lateHours after it was made (any capture). */
export function lateDraft(settings: FlagSettings, subject: string, at: Date, received: Date): FlagDraft | null {
  const hours = (received.getTime() - at.getTime()) / 3600_000;
  return hours > settings.lateHours ? { rule: 'late', subject, details: { hoursLate: round1(hours), limitHours: settings.lateHours } } : null;
}

/** The flags one scan raises, given its neighbours (pure: the rules themselves). */
export function scanDrafts(settings: FlagSettings, scan: ScanCapture, near: ScanNeighbours): FlagDraft[] {
  const drafts: FlagDraft[] = [];
  if (scan.place) {
    for (const other of [near.before, near.after]) {
      if (!other) continue;
      const km = provenKm(scan.place, other.place);
      if (km < MIN_TRAVEL_KM) continue;
      const minutes = Math.abs(scan.at.getTime() - other.at.getTime()) / 60_000;
      const kmh = minutes === 0 ? Infinity : km / (minutes / 60);
      if (kmh > settings.maxSpeedKmh) {
        drafts.push({
          rule: 'speed',
          subject: scan.scanId,
          details: {
            otherScanId: other.id,
            km: round1(km),
            minutes: round1(minutes),
            kmh: Number.isFinite(kmh) ? Math.round(kmh) : null,
            limitKmh: settings.maxSpeedKmh,
          },
        });
        break;
      }
    }
    const windowMs = settings.stickerMinutes * 60_000;
    for (const other of near.sticker) {
      if (Math.abs(other.at.getTime() - scan.at.getTime()) > windowMs) continue;
      const km = provenKm(scan.place, other.place);
      if (km > settings.stickerKm) {
        // One flag per pair of scans, whichever arrived second: the pair's ids in order.
        const pair = [scan.scanId, other.id].sort().join(' ');
        drafts.push({
          rule: 'cloned-sticker',
          subject: pair,
          details: {
            otherScanId: other.id,
            otherAgentId: other.agentId,
            km: round1(km),
            minutes: round1(Math.abs(other.at.getTime() - scan.at.getTime()) / 60_000),
            limitKm: settings.stickerKm,
          },
        });
        break;
      }
    }
  }
  const perMinute = Math.max(near.minuteBefore, near.minuteAfter);
  if (perMinute > settings.scansPerMinute) {
    drafts.push({ rule: 'scan-rate', subject: minuteOf(scan.at), details: { scans: perMinute, limitPerMinute: settings.scansPerMinute } });
  }
  const late = lateDraft(settings, scan.scanId, scan.at, scan.received);
  if (late) drafts.push(late);
  return drafts;
}

/**
 * The agent's previous contact with the server before the present sitting: requests less than
 * contactGapSeconds apart are one sitting (a phone sending its queue in several calls), so the last
 * contact before this request is contact_at when the gap since it is longer, else the contact the
 * sitting began after.
 */
export function previousContact(settings: FlagSettings, row: { contactAt: Date; previousContactAt: Date | null } | null, received: Date): Date | null {
  if (!row) return null;
  if (received.getTime() - row.contactAt.getTime() > settings.contactGapSeconds * 1000) return row.contactAt;
  return row.previousContactAt;
}

/** Whether a penalty-adding scan captured at `at` was held back: captured (beyond the slack) before the agent's previous contact. */
export function heldBack(settings: FlagSettings, previous: Date | null, at: Date): boolean {
  return previous !== null && at.getTime() < previous.getTime() - settings.contactSlackMinutes * 60_000;
}
