import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { searchableCode, specificPenaltyRequest } from './motoristPenalty.ts';

describe('searchableCode', () => {
  it('sends nothing for fewer than 6 characters', () => {
    expect(searchableCode('')).toBeNull();
    expect(searchableCode('abc12')).toBeNull();
    expect(searchableCode(' a b c 1 2 ')).toBeNull();
  });

  it('sends 6 characters or more, lower-cased and without spaces', () => {
    expect(searchableCode('ABC123')).toBe('abc123');
    expect(searchableCode(' k7q2 mx9p ')).toBe('k7q2mx9p');
  });
});

describe('specificPenaltyRequest', () => {
  it('sends the subscription id and the price, which may be 0', () => {
    expect(specificPenaltyRequest('sub-1', '2,500')).toEqual({ ok: true, request: { id: 'sub-1', price: 2500 } });
    expect(specificPenaltyRequest('sub-1', 0)).toEqual({ ok: true, request: { id: 'sub-1', price: 0 } });
  });

  it('needs a subscription and a price', () => {
    expect(specificPenaltyRequest(null, 100)).toEqual({ ok: false, message: MESSAGES.allFieldRequired });
    expect(specificPenaltyRequest('sub-1', '')).toEqual({ ok: false, message: MESSAGES.allFieldRequired });
    expect(specificPenaltyRequest('sub-1', 'lots')).toEqual({ ok: false, message: 'Price must be a number' });
  });
});
