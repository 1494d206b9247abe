/**
 * Issue 45: the texts in each language, and what each costs. Realistic values at their longest: the
 * yearly price (NGN 120,000), a 10-character plate, the longest plan name (6 months), a two-digit
 * day and month, a receipt number, and check links on a 15-character host.
 */
import { TEXT_LANGUAGES, type TextLanguage } from '@eticket/contracts';
import { describe, expect, it } from 'vitest';
import type { Kobo } from '../../domain/money.ts';
import { outcomeSms } from '../disputes/index.ts';
import { countSegments } from './segments.ts';
import { expiryReminderText, penaltyReceiptText, subscriptionReceiptText } from './texts.ts';

const AT = new Date('2026-11-28T12:00:00Z');
const RECEIPT = 'S7KQ-2M9X-D4HP';
const RECEIPT_LINK = `https://levy.example.ng/r/${RECEIPT}`;
const VEHICLE_LINK = 'https://levy.example.ng/v/o677ajajrp';

function textsIn(language: TextLanguage, linked: boolean) {
  return {
    ticket: subscriptionReceiptText({
      amountKobo: 120_000_00 as Kobo,
      plate: 'lag-123-ab',
      planName: '6 months',
      paidUntil: AT,
      receiptNo: RECEIPT,
      link: linked ? RECEIPT_LINK : null,
      language,
    }),
    penalty: penaltyReceiptText({ amountKobo: 5_000_00 as Kobo, plate: 'lag-123-ab', receiptNo: RECEIPT, link: linked ? RECEIPT_LINK : null, language }),
    reminder: expiryReminderText({ plate: 'lag-123-ab', planName: '6 months', expiresAt: AT, vehicleLink: linked ? VEHICLE_LINK : null, language }),
  };
}

/**
 * Segments per text per language: [ticket receipt, penalty receipt, reminder], without and with
 * PUBLIC_URL's links. The table in docs/messages.md says the same; change both together.
 */
const SEGMENTS: Record<TextLanguage, { encoding: string; plain: number[]; linked: number[] }> = {
  en: { encoding: 'GSM-7', plain: [1, 1, 1], linked: [1, 1, 1] },
  pcm: { encoding: 'GSM-7', plain: [1, 1, 1], linked: [1, 1, 1] },
  ha: { encoding: 'GSM-7', plain: [1, 1, 1], linked: [1, 1, 1] },
  yo: { encoding: 'UCS-2', plain: [2, 1, 2], linked: [2, 2, 2] },
  ig: { encoding: 'UCS-2', plain: [2, 1, 2], linked: [2, 2, 2] },
};

describe('the texts to motorists in five languages', () => {
  it('cost what docs/messages.md says: one segment each where the language allows', () => {
    for (const language of TEXT_LANGUAGES) {
      const count = (linked: boolean) => Object.values(textsIn(language, linked)).map((text) => countSegments(text));
      const plain = count(false);
      const linked = count(true);
      expect({
        language,
        encoding: [...new Set([...plain, ...linked].map((c) => c.encoding))],
        plain: plain.map((c) => c.segments),
        linked: linked.map((c) => c.segments),
      }).toEqual({
        language,
        encoding: [SEGMENTS[language].encoding],
        plain: SEGMENTS[language].plain,
        linked: SEGMENTS[language].linked,
      });
    }
  });

  it('English reads as before issue 45, with the date written out; the others with a numeric date', () => {
    expect(textsIn('en', true).ticket).toBe(
      `Paid NGN 120,000 for LAG-123-AB, 6 months ticket, valid until 28 Nov 2026. Receipt ${RECEIPT}. Check: ${RECEIPT_LINK}`,
    );
    expect(textsIn('en', false).penalty).toBe(`Paid NGN 5,000 penalty for LAG-123-AB. Receipt ${RECEIPT}.`);
    expect(textsIn('ha', false).ticket).toBe(`An biya NGN 120,000 don LAG-123-AB, tikitin wata 6 har zuwa 28/11/2026. Rasit ${RECEIPT}.`);
    expect(textsIn('pcm', true).reminder).toBe(
      `Reminder: 6-month tiket for LAG-123-AB go expire 28/11/2026. Renew with approved collector so dem no fine you. Check: ${VEHICLE_LINK}`,
    );
    expect(textsIn('yo', false).penalty).toBe(`O san ìtanràn NGN 5,000 fún LAG-123-AB. Rìsíìtì ${RECEIPT}.`);
    expect(textsIn('ig', false).reminder).toBe('Ncheta: tiketi ọnwa 6 LAG-123-AB ga-agwụ na 28/11/2026. Mee ya ọhụrụ ka ị ghara ịkwụ ntaramahụhụ.');
  });

  it('name the vehicle and the ticket in the language when there is no plate or plan', () => {
    expect(expiryReminderText({ plate: null, planName: null, expiresAt: AT, vehicleLink: null, language: 'ha' })).toContain("wa'adin tikiti na motarka");
    expect(penaltyReceiptText({ amountKobo: 2_000_00 as Kobo, plate: null, receiptNo: RECEIPT, link: null, language: 'en' })).toContain('for your vehicle.');
  });

  it('are sent composed (NFC): a letter with its mark is one character where Unicode has one', () => {
    for (const language of TEXT_LANGUAGES) for (const text of Object.values(textsIn(language, true))) expect(text).toBe(text.normalize('NFC'));
  });
});

/**
 * A dispute's outcome text (modules/disputes): the wrapper in the reporter's language around the
 * staff's own text (1–300 characters, as typed). With LEVY_NAME's default and a reference: the
 * wrapper's length, and the segments with a 100-character and a 300-character plain staff text.
 * Every wrapper is GSM-7 (Yoruba's è ì ò are in the alphabet; Igbo says "ozi maka", message about),
 * so the staff's plain text costs the same in every language. The table in docs/messages.md says the same.
 */
const OUTCOME: Record<TextLanguage, { wrapper: number; short: number; longest: number }> = {
  en: { wrapper: 54, short: 1, longest: 3 },
  pcm: { wrapper: 65, short: 2, longest: 3 },
  ha: { wrapper: 58, short: 1, longest: 3 },
  yo: { wrapper: 53, short: 1, longest: 3 },
  ig: { wrapper: 51, short: 1, longest: 3 },
};

describe('the outcome text of a dispute in five languages', () => {
  it('costs what docs/messages.md says, in GSM-7 for a plain staff text', () => {
    for (const language of TEXT_LANGUAGES) {
      const text = (staff: string) => countSegments(outcomeSms('E-Ticketing transport levy', 'DSP-ABCDEFGH', staff, language));
      const wrapper = text('');
      expect({
        language,
        encoding: wrapper.encoding,
        wrapper: wrapper.length,
        short: text('a'.repeat(100)).segments,
        longest: text('a'.repeat(300)).segments,
      }).toEqual({
        language,
        encoding: 'GSM-7',
        ...OUTCOME[language],
      });
    }
  });
});

describe('countSegments', () => {
  it('GSM 7-bit: 160 in one segment, 153 each when split; extension characters take two places', () => {
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1, nonGsm: [] });
    expect(countSegments('a'.repeat(161)).segments).toBe(2);
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
    expect(countSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(countSegments('{'.repeat(81)).segments).toBe(2);
    expect(countSegments('Café @ £5, ¿Qué?').encoding).toBe('GSM-7');
  });

  it('one character outside GSM 7-bit makes the whole text UCS-2: 70 in one segment, 67 each when split', () => {
    expect(countSegments(`${'a'.repeat(69)}ẹ`)).toEqual({ encoding: 'UCS-2', length: 70, segments: 1, nonGsm: ['ẹ'] });
    expect(countSegments(`${'a'.repeat(70)}ɗ`).segments).toBe(2);
    expect(countSegments(`${'a'.repeat(133)}ƙ`).segments).toBe(2);
    expect(countSegments(`${'a'.repeat(134)}ɓ`).segments).toBe(3);
    expect(countSegments('₦1,500').nonGsm).toEqual(['₦']);
    // A tone mark over a letter with a dot below has no precomposed form: two UTF-16 units.
    expect(countSegments('ẹ́').length).toBe(2);
  });
});
