import { tillCloseRequest } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import { closeFields, closeProblems, lagosToday, newDraft, type CloseDraft } from './closeForm.ts';
import { inCloseWords } from './closeWords.ts';

// 23:30 UTC on 28 November is already 29 November in Lagos (UTC+1).
const NOW = new Date('2026-11-28T23:30:00Z');
const slip = new Blob(['slip'], { type: 'image/jpeg' });
const deposit: CloseDraft = { ...newDraft(NOW), counted: '2500', bankName: 'Zenith Bank', tellerNo: ' TL-0091 ', slip };
const transfer: CloseDraft = { ...newDraft(NOW), kind: 'transfer', counted: '2500', transferReference: 'FT26112900017' };

describe('the blind count form of a till close', () => {
  it('starts on today in Lagos, a deposit, nothing counted', () => {
    expect(lagosToday(NOW)).toBe('2026-11-29');
    expect(newDraft(NOW)).toEqual({ counted: '', kind: 'deposit', bankName: '', tellerNo: '', transferReference: '', lodgedOn: '2026-11-29' });
  });

  it('sends only the chosen lodgement’s fields, trimmed, and the server’s schema takes them', () => {
    const fields = closeFields({ ...deposit, transferReference: 'left over' }, NOW.toISOString());
    expect(fields).toEqual({
      counted: '2500',
      lodgementKind: 'deposit',
      bankName: 'Zenith Bank',
      tellerNo: 'TL-0091',
      lodgedOn: '2026-11-29',
      capturedAt: NOW.toISOString(),
    });
    expect(tillCloseRequest.parse(fields)).toEqual({
      counted: 2500,
      lodgement: { kind: 'deposit', bankName: 'Zenith Bank', tellerNo: 'TL-0091', lodgedOn: '2026-11-29' },
      capturedAt: NOW.toISOString(),
    });
    expect(closeFields(transfer, NOW.toISOString())).not.toHaveProperty('bankName');
    expect(closeProblems(deposit, NOW)).toEqual([]);
    expect(closeProblems(transfer, NOW)).toEqual([]);
  });

  it('takes a count of zero, and refuses a missing, negative or over-precise count in the form’s words', () => {
    expect(closeProblems({ ...deposit, counted: '0' }, NOW)).toEqual([]);
    expect(closeProblems({ ...deposit, counted: '' }, NOW)).toEqual(['Cash counted is required']);
    expect(closeProblems({ ...deposit, counted: '-500' }, NOW)).toEqual(['Cash counted must not be negative']);
    expect(closeProblems({ ...deposit, counted: '2500.505' }, NOW)).toEqual(['Cash counted must be an amount in naira with at most 2 decimals']);
  });

  it('needs a deposit’s bank, teller number and slip photo, and a transfer’s reference', () => {
    expect(closeProblems({ ...deposit, bankName: ' ', tellerNo: '', slip: undefined }, NOW)).toEqual([
      'Bank is required for a deposit',
      'Teller / slip number is required for a deposit',
      'Add a photo of the deposit slip',
    ]);
    expect(closeProblems({ ...transfer, transferReference: '' }, NOW)).toEqual(['Transfer reference is required for a transfer']);
  });

  it('refuses a lodgement dated after today, or not a date', () => {
    expect(closeProblems({ ...deposit, lodgedOn: '2026-11-30' }, NOW)).toEqual(['Date lodged cannot be after today']);
    expect(closeProblems({ ...deposit, lodgedOn: '2026-11-28' }, NOW)).toEqual([]);
    expect(closeProblems({ ...deposit, lodgedOn: '' }, NOW)).toEqual(['Date lodged must be a date (YYYY-MM-DD)']);
  });

  it('words the server’s refusals of a close’s fields by the form’s labels', () => {
    expect(inCloseWords('tellerNo is required for a deposit')).toBe('Teller / slip number is required for a deposit');
    expect(inCloseWords('You have no cash to close')).toBe('You have no cash to close');
  });
});
