import { describe, expect, it } from 'vitest';
import { newReceiptNo, parseReceiptNo, RECEIPT_ALPHABET, receiptCheckChar, receiptKindOf } from './receipts.ts';

const compact = (receiptNo: string) => receiptNo.replace(/-/g, '');
const regroup = (chars: string) => `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;

describe('receipt numbers', () => {
  it('are 12 characters of the alphabet in three groups, the kind first, and parse as themselves', () => {
    for (let i = 0; i < 200; i += 1) {
      const receipt = newReceiptNo(i % 2 ? 'penalty' : 'subscription');
      expect(receipt).toMatch(/^[0-9A-HJKMNP-TV-Y]{4}-[0-9A-HJKMNP-TV-Y]{4}-[0-9A-HJKMNP-TV-Y]{4}$/);
      expect(receipt[0]).toBe(i % 2 ? 'P' : 'S');
      expect(receiptKindOf(receipt)).toBe(i % 2 ? 'penalty' : 'subscription');
      expect(parseReceiptNo(receipt)).toBe(receipt);
    }
  });

  it('are random: 2,000 numbers, no two alike, every character used', () => {
    const receipts = Array.from({ length: 2000 }, () => newReceiptNo('subscription'));
    expect(new Set(receipts).size).toBe(receipts.length);
    const used = new Set(receipts.flatMap((r) => [...compact(r).slice(1, 11)]));
    expect(used.size).toBe(RECEIPT_ALPHABET.length);
  });

  it('catch every single wrong character, in every position', () => {
    const receipt = compact(newReceiptNo('subscription'));
    for (let position = 0; position < receipt.length; position += 1) {
      for (const char of RECEIPT_ALPHABET) {
        if (char === receipt[position]) continue;
        const typo = receipt.slice(0, position) + char + receipt.slice(position + 1);
        expect(parseReceiptNo(typo), typo).toBeNull();
      }
    }
  });

  it('catch every swap of two different characters', () => {
    for (let n = 0; n < 20; n += 1) {
      const receipt = compact(newReceiptNo('penalty'));
      for (let a = 0; a < receipt.length; a += 1) {
        for (let b = a + 1; b < receipt.length; b += 1) {
          if (receipt[a] === receipt[b]) continue;
          const chars = [...receipt];
          [chars[a], chars[b]] = [chars[b], chars[a]];
          expect(parseReceiptNo(chars.join(''))).toBeNull();
        }
      }
    }
  });

  it('read as typed: any case, spaces or no hyphens, O for 0 and I or L for 1', () => {
    const body = 'S0123456789';
    const receipt = regroup(body + receiptCheckChar(body));
    expect(parseReceiptNo(receipt.toLowerCase())).toBe(receipt);
    expect(parseReceiptNo(` ${compact(receipt)} `)).toBe(receipt);
    expect(parseReceiptNo(receipt.replace(/-/g, ' '))).toBe(receipt);
    expect(parseReceiptNo(receipt.replace('0', 'O').replace('1', 'l'))).toBe(receipt);
  });

  it('refuse what is not one: wrong length, foreign characters, an unknown kind', () => {
    const body = 'X0123456789';
    expect(parseReceiptNo(regroup(body + receiptCheckChar(body)))).toBeNull();
    expect(parseReceiptNo('')).toBeNull();
    expect(parseReceiptNo('S7KQ-2M9X-D4H')).toBeNull();
    expect(parseReceiptNo('S7KQ-2M9X-D4HPP')).toBeNull();
    expect(parseReceiptNo('S7KQ-2M9X-D4H!')).toBeNull();
    expect(parseReceiptNo('S7KQ-2M9X-D4HZ')).toBeNull();
    expect(parseReceiptNo('x'.repeat(500))).toBeNull();
  });
});
