import { setupI18n, type Messages } from '@lingui/core';
import { formatDate, formatDateTime, monthNameFrom, naira } from './format.ts';
import type { AnyLocale } from './locales.ts';

/** ICU placeholders' values: {name}, {count, plural, …}, {n, number}. */
export type Values = Record<string, string | number | Date>;

/** One language's texts and formats, on the server or in a browser. */
export interface Translator {
  readonly locale: AnyLocale;
  /** The message under `key` with its placeholders filled; a key missing from the catalogue reads as the key. */
  t(key: string, values?: Values): string;
  /** "5 Nuwamba 2026", Lagos day, the language's month names. */
  date(at: Date | string | number): string;
  /** "5 Nuwamba 2026, 14:05", Lagos time. */
  dateTime(at: Date | string | number): string;
  /** ₦12,000.00 (naira, en-NG grouping in every language). */
  naira(amount: number): string;
}

/** A translator over compiled messages (a catalogue loaded for `locale`, common month names included). */
export function createTranslator(locale: AnyLocale, messages: Messages): Translator {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const t = (key: string, values?: Values) => i18n._(key, values);
  const month = monthNameFrom((key) => t(key));
  return { locale, t, date: (at) => formatDate(at, month), dateTime: (at) => formatDateTime(at, month), naira };
}
