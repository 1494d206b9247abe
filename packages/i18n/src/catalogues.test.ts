import { readdirSync } from 'node:fs';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { CATALOGUES_DIR, readSource } from './compile.ts';
import { formatDate, formatDateTime, naira, nairaFromKobo } from './format.ts';
import { LOCALES, pickLocale, PSEUDO_LOCALE } from './locales.ts';
import { serverTranslator } from './server.ts';

/** A message's placeholders: 'name' for {name}, 'count:plural' for {count, plural, …}, nested ones too. */
function placeholders(message: CompiledMessage): string[] {
  const found: string[] = [];
  const walk = (parts: CompiledMessage) => {
    for (const part of parts) {
      if (typeof part === 'string') continue;
      const [name, type, options] = part as [string, string?, Record<string, CompiledMessage | string>?];
      found.push(type ? `${name}:${type}` : name);
      if (options && typeof options === 'object') for (const branch of Object.values(options)) if (Array.isArray(branch)) walk(branch);
    }
  };
  walk(message);
  return [...new Set(found)].sort();
}

const surfaces = readdirSync(CATALOGUES_DIR);

describe('catalogues (every surface: every key in every language, with the same placeholders)', () => {
  it('has the surfaces', () => expect(surfaces).toEqual(expect.arrayContaining(['common', 'field'])));
  for (const surface of surfaces) {
    describe(surface, () => {
      const english = readSource(surface, 'en');
      it('has one file per language and nothing else', () => {
        expect(readdirSync(`${CATALOGUES_DIR}${surface}`).sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
      });
      for (const locale of LOCALES) {
        it(`${locale}: same keys as English, each a valid ICU message with English's placeholders, none empty`, () => {
          const source = readSource(surface, locale);
          expect(Object.keys(source).sort()).toEqual(Object.keys(english).sort());
          for (const [key, message] of Object.entries(source)) {
            expect(message.trim(), `${surface}/${locale} ${key}`).not.toBe('');
            expect(placeholders(compileMessage(message)), `${surface}/${locale} ${key}`).toEqual(placeholders(compileMessage(english[key])));
          }
        });
      }
    });
  }
});

describe('translators', () => {
  it('fill placeholders and plurals in each language, on the server', () => {
    for (const locale of LOCALES) expect(serverTranslator('field', locale).t('app.name')).not.toBe('app.name');
  });
  it('the pseudo-locale accents every letter and brackets the message, placeholders kept', () => {
    const pseudo = serverTranslator('field', PSEUDO_LOCALE);
    expect(pseudo.t('signin.submit')).toBe('⟦Šîĝñ îñ⟧');
    const list = pseudo.t('scan.list', { count: 2, at: '1 May' });
    expect(list).toMatch(/^⟦.*2 .*1 May⟧$/);
    expect(list.replace('1 May', '')).not.toMatch(/[A-Za-z]/);
  });
  it('an unknown locale gets English', () => {
    expect(serverTranslator('field', 'fr').locale).toBe('en');
  });
});

describe('money and dates', () => {
  it('naira with en-NG grouping', () => {
    expect(naira(1234.5)).toBe('₦1,234.50');
    expect(nairaFromKobo(120_000_00)).toBe('₦120,000.00');
    expect(naira(-50)).toBe('-₦50.00');
  });
  it('Lagos dates with the catalogue’s month names', () => {
    const at = '2026-11-28T23:30:00Z'; // 29 November in Lagos (UTC+1)
    expect(serverTranslator('field', 'yo').date(at)).toBe('29 Oṣù Bélú 2026');
    expect(serverTranslator('field', 'ha').dateTime(at)).toBe('29 Nuwamba 2026, 00:30');
    expect(formatDate(at, () => 'M')).toBe('29 M 2026');
    expect(formatDateTime('not a date', () => 'M')).toBe('');
  });
  it('picks a language from a browser’s list or an Accept-Language header', () => {
    expect(pickLocale(['fr-FR', 'yo-NG'])).toBe('yo');
    expect(pickLocale('en-GB;q=0.5, ha;q=0.9')).toBe('ha');
    expect(pickLocale('de')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
