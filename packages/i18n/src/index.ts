// Browser and server: locales, money and dates, the translator (over @lingui/core, compiled messages).
// Node only: '@eticket/i18n/server' (serverTranslator), '@eticket/i18n/vite' (the build's catalogue plugin).
export { DEFAULT_LOCALE, LANGUAGE_NAMES, LOCALES, PSEUDO_LOCALE, isAnyLocale, isLocale, pickLocale, type AnyLocale, type Locale } from './locales.ts';
export { formatDate, formatDateTime, lagosOffsetMs, MONTH_KEYS, naira, nairaFromKobo } from './format.ts';
export { createTranslator, type Translator, type Values } from './translator.ts';
export type { Messages } from '@lingui/core';
