import { describe, expect, it } from 'vitest';
import { accountDigits, createBody, EMPTY_DRAFT, lookupReady, updateBody, type AllocationDraft } from './allocationForm.ts';

const BANKS = [{ code: '044', name: 'Access Bank' }];
const FILLED: AllocationDraft = {
  name: '6f1c1f34-1b7a-4c55-9d59-3f0c1d2e3a4b',
  bankCode: '044',
  accountNumber: '1482039577',
  accountName: 'LAGOS KEKE RIDERS UNION',
  percentage: 12.5,
};

describe('accountDigits', () => {
  it('keeps digits only, at most 10', () => {
    expect(accountDigits('14-820 395a77')).toBe('1482039577');
    expect(accountDigits('123456789012')).toBe('1234567890');
  });
});

describe('lookupReady', () => {
  it('needs a bank and more than 9 characters', () => {
    expect(lookupReady({ bankCode: '044', accountNumber: '148203957' })).toBe(false);
    expect(lookupReady({ bankCode: null, accountNumber: '1482039577' })).toBe(false);
    expect(lookupReady({ bankCode: '044', accountNumber: '1482039577' })).toBe(true);
  });
});

describe('createBody', () => {
  it('starts at the slider default of 0.1', () => expect(EMPTY_DRAFT.percentage).toBe(0.1));

  it('asks for every field', () => {
    expect(createBody(EMPTY_DRAFT, BANKS)).toEqual({ ok: false, message: 'All field are required' });
    expect(createBody({ ...FILLED, accountName: '' }, BANKS)).toEqual({ ok: false, message: 'All field are required' });
  });

  it('sends the bank by code and by name, with the looked-up account name', () => {
    expect(createBody(FILLED, BANKS)).toEqual({
      ok: true,
      body: {
        name: FILLED.name,
        bankCode: '044',
        bankName: 'Access Bank',
        accountNumber: '1482039577',
        accountName: 'LAGOS KEKE RIDERS UNION',
        percentage: 12.5,
      },
    });
  });

  it("refuses what the server's contract refuses", () => {
    expect(createBody({ ...FILLED, accountNumber: '12345' }, BANKS)).toEqual({ ok: false, message: 'accountNumber must be 10 digits' });
    expect(createBody({ ...FILLED, percentage: 80.1 }, BANKS)).toMatchObject({ ok: false });
  });
});

describe('updateBody', () => {
  it('carries the percentage only, 0.1 to 80 in steps of 0.1', () => {
    expect(updateBody(20)).toEqual({ ok: true, body: { percentage: 20 } });
    expect(updateBody(0)).toMatchObject({ ok: false });
    expect(updateBody(0.15)).toMatchObject({ ok: false });
  });
});
