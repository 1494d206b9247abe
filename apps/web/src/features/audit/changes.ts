import type { AuditLogEntry } from '@eticket/contracts';

/** One changed field of an audit row: its name as the console shows it, and its value before and after. */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

const EMPTY = '—';

/** 'registrationStatus' → 'Registration status'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A snapshot's value as text: nothing as '—', yes/no for booleans, objects as JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields an audit row's change touched: those whose value differs between before and after
 * (for a record created or removed: every field it has). When nothing differs (e.g. a forced
 * logout of someone already offline) every field is shown, so the row is never empty.
 */
export function changesOf(entry: Pick<AuditLogEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const toChange = (field: string): FieldChange => ({ field, label: fieldLabel(field), before: showValue(before[field]), after: showValue(after[field]) });
  const differ = fields.filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null));
  return (differ.length > 0 ? differ : fields).map(toChange);
}
