import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import type { TillClose } from './endpoints/till-lists/schemas.ts';
import { lodgementText, TILL_CLOSE_CSV_COLUMNS } from './till-columns.ts';

const close: TillClose = {
  id: 'c1',
  remitter: { id: 'r1', fullName: 'tina till-remitter', userCode: 'ab12cd34ef' },
  status: 'approved',
  submittedAt: '2026-06-10T17:00:00.000Z',
  capturedAt: '2026-06-10T16:58:00.000Z',
  counted: 2500,
  expected: 3000,
  variance: -500,
  lodgement: { kind: 'deposit', bankName: 'first bank', tellerNo: 'TL-1', reference: null, lodgedOn: '2026-06-10' },
  slipUrl: null,
  decidedBy: { id: 'm1', fullName: 'ruth remitter-manager' },
  decidedAt: '2026-06-10T18:00:00.000Z',
  reason: 'short, "recounted"',
};

describe('the till lists as downloaded', () => {
  it('says a lodgement in words', () => {
    expect(lodgementText(close.lodgement)).toBe('Deposit: first bank, teller TL-1');
    expect(lodgementText({ kind: 'transfer', bankName: null, tellerNo: null, reference: 'FT-9', lodgedOn: '2026-06-10' })).toBe('Transfer: FT-9');
  });

  it('writes a close in Lagos time, names capitalised, amounts in naira, a waiting one with no decision', () => {
    expect(toCsv(TILL_CLOSE_CSV_COLUMNS, [close, { ...close, status: 'pending', decidedBy: null, decidedAt: null, reason: null }])).toBe(
      'Remitter,Unique ID,Submitted At,Counted (naira),Expected (naira),Variance (naira),Lodgement,Lodged On,Status,Decided By,Reason\r\n' +
        'Tina Till-Remitter,ab12cd34ef,10 June 2026 at 18:00,2500,3000,-500,"Deposit: first bank, teller TL-1",2026-06-10,Approved,Ruth Remitter-Manager,"short, ""recounted"""\r\n' +
        'Tina Till-Remitter,ab12cd34ef,10 June 2026 at 18:00,2500,3000,-500,"Deposit: first bank, teller TL-1",2026-06-10,Waiting for approval,N/A,N/A\r\n',
    );
  });
});
