import { describe, expect, it } from 'vitest';
import {
  agentCheckUrl,
  idCardValidUntil,
  noReceiptReason,
  stickerLines,
  paidForText,
  printedName,
  receiptCheckUrl,
  receiptLines,
  vehicleCheckUrl,
} from './printing.ts';
import type { PrintableReceipt } from './endpoints/receipts/schemas.ts';

const subscription: PrintableReceipt = {
  receiptNo: 'S7KQ-2M9X-D4HP',
  kind: 'subscription',
  amount: 12000,
  modeOfPayment: 'pos',
  bankName: 'first bank',
  planName: '3 months',
  vehicleType: 'bus',
  plateNumber: 'lag 123 xy',
  newExpiry: '2026-08-01T09:00:00.000Z',
  penaltyLeft: null,
  motorist: { fullName: 'adaeze ngozi okafor', userCode: 'ab12cd34ef' },
  agent: { fullName: 'chinedu obi', userCode: 'rm12cd34ef' },
  // 23:30 UTC is the next day in Lagos (UTC+1).
  paidAt: '2026-05-01T23:30:00.000Z',
};

describe('a printed receipt', () => {
  it('says what, for whom, by whom and when, in Lagos time', () => {
    expect(receiptLines(subscription)).toEqual([
      ['Receipt no.', 'S7KQ-2M9X-D4HP'],
      ['Amount', '₦12,000.00'],
      ['Paid for', '3 months ticket (bus)'],
      ['New expiry', '1 Aug 2026'],
      ['Plate number', 'LAG 123 XY'],
      ['Motorist', 'Adaeze Ngozi Okafor'],
      ['Motorist Unique ID', 'ab12cd34ef'],
      ['Mode of payment', 'POS (First Bank)'],
      ['Collected by', 'Chinedu Obi'],
      ['Agent Unique ID', 'rm12cd34ef'],
      ['Date and time (Lagos)', '2 May 2026, 00:30'],
    ]);
  });

  it('a penalty payment: no plan nor expiry, the penalty left; no plate: a dash', () => {
    const lines = new Map(
      receiptLines({
        ...subscription,
        kind: 'penalty',
        planName: null,
        newExpiry: null,
        penaltyLeft: 250.5,
        plateNumber: null,
        bankName: null,
        modeOfPayment: 'cash',
      }),
    );
    expect(lines.get('Paid for')).toBe('Penalty (bus)');
    expect(lines.get('Penalty left')).toBe('₦250.50');
    expect(lines.has('New expiry')).toBe(false);
    expect(lines.get('Plate number')).toBe('—');
    expect(lines.get('Mode of payment')).toBe('Cash');
  });

  it('names what was paid for as the public page does', () => {
    expect(paidForText('subscription', 'monthly', 'keke')).toBe('Monthly ticket (keke)');
    expect(paidForText('penalty', 'monthly', 'keke')).toBe('Penalty (keke)');
    expect(printedName('musa  bello')).toBe('Musa  Bello');
  });
});

describe('the public checks QR codes hold', () => {
  it('are under PUBLIC_URL, with or without its trailing slash, the code encoded', () => {
    expect(receiptCheckUrl('https://levy.example.ng/', 'S7KQ-2M9X-D4HP')).toBe('https://levy.example.ng/r/S7KQ-2M9X-D4HP');
    expect(agentCheckUrl('https://levy.example.ng/check', 'ab12')).toBe('https://levy.example.ng/check/a/ab12');
    expect(vehicleCheckUrl('http://10.0.0.5:3000', 'a b')).toBe('http://10.0.0.5:3000/v/a%20b');
  });
});

describe("a motorist's sticker and an agent's ID card", () => {
  it('the sticker prints the plate as on the plate, the vehicle type and the Unique ID', () => {
    expect(stickerLines({ userCode: 'ab12cd34', plateNumber: 'kja-555 xy', vehicleType: 'keke' })).toEqual([
      ['Plate', 'KJA-555 XY'],
      ['Vehicle', 'Keke'],
      ['Unique ID', 'ab12cd34'],
    ]);
  });

  it('an ID card printed today is valid until the same Lagos date a year on', () => {
    expect(idCardValidUntil(new Date('2026-11-28T12:00:00Z'))).toBe('28 Nov 2027');
    // 23:30 UTC is already the next day in Lagos.
    expect(idCardValidUntil(new Date('2026-03-31T23:30:00Z'))).toBe('1 Apr 2027');
  });
});

describe('a payment list row', () => {
  it('prints a receipt only for a successful payment with a number', () => {
    expect(noReceiptReason({ receiptNo: 'S7KQ-2M9X-D4HP', status: 'success' })).toBeNull();
    expect(noReceiptReason({ receiptNo: 'S7KQ-2M9X-D4HP', status: 'failed' })).toBe('No receipt: the payment is failed');
    expect(noReceiptReason({ receiptNo: 'S7KQ-2M9X-D4HP', status: 'pending' })).toBe('No receipt: the payment is pending');
    expect(noReceiptReason({ receiptNo: '', status: 'success' })).toBe('No receipt number');
  });
});
