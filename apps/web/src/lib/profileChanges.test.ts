import { MESSAGES } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import { profileChanges } from './profileChanges.ts';

describe('profileChanges', () => {
  it('lower-cases the text fields', () => {
    expect(profileChanges({ fullName: ' Ada Obi ', phone: '+2348012345678', maritalStatus: 'married', address: '12 Broad St, Lagos' })).toEqual({
      ok: true,
      changes: { fullName: 'ada obi', phone: '+2348012345678', maritalStatus: 'married', address: '12 broad st, lagos' },
    });
  });
  it.each(['fullName', 'phone', 'maritalStatus', 'address'] as const)('needs %s', (field) => {
    const values = { fullName: 'ada', phone: '080', maritalStatus: 'single', address: 'lagos', [field]: ' ' };
    expect(profileChanges(values)).toEqual({ ok: false, message: MESSAGES.allFieldRequired });
  });
});
