import { describe, expect, it } from 'vitest';
import { changesOf, fieldLabel, showValue } from './changes.ts';

describe('changesOf', () => {
  it('keeps only the fields that changed, in the order of the record after', () => {
    const changes = changesOf({
      before: { name: 'weekly', vehicleType: 'keke', price: 1500 },
      after: { name: 'weekly', vehicleType: 'keke', price: 1750.5 },
    });
    expect(changes).toEqual([{ field: 'price', label: 'Price', before: '1500', after: '1750.5' }]);
  });

  it('shows every field of a record created (nothing before) or removed (nothing after)', () => {
    expect(changesOf({ before: null, after: { email: 'a@b.ng', role: 'union' } })).toEqual([
      { field: 'email', label: 'Email', before: '—', after: 'a@b.ng' },
      { field: 'role', label: 'Role', before: '—', after: 'union' },
    ]);
    expect(changesOf({ before: { isDeleted: false }, after: null }).map((c) => [c.before, c.after])).toEqual([['No', '—']]);
  });

  it('names a field present on one side only, and shows every field when none changed', () => {
    expect(changesOf({ before: { approvedBy: null }, after: { approvedBy: 'id-1', registrationStatus: 'approved' } }).map((c) => c.field)).toEqual([
      'approvedBy',
      'registrationStatus',
    ]);
    expect(changesOf({ before: { online: false }, after: { online: false } })).toEqual([{ field: 'online', label: 'Online', before: 'No', after: 'No' }]);
  });
});

describe('fieldLabel and showValue', () => {
  it('turns field names into words', () => {
    expect(fieldLabel('registrationStatus')).toBe('Registration status');
    expect(fieldLabel('outstandingPayment')).toBe('Outstanding payment');
    expect(fieldLabel('entity_id')).toBe('Entity id');
  });

  it('shows nothing, booleans and objects plainly', () => {
    expect(showValue(null)).toBe('—');
    expect(showValue('')).toBe('—');
    expect(showValue(true)).toBe('Yes');
    expect(showValue({ name: 'x' })).toBe('{"name":"x"}');
    expect(showValue(0)).toBe('0');
  });
});
