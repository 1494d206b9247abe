// The field app's language (issue 45): one catalogue loaded at a time, from its own chunk; every screen
// reads its words through t() and redraws when the agent picks another language.
import { useSyncExternalStore } from 'react';
import { createTranslator, DEFAULT_LOCALE, isAnyLocale, pickLocale, type AnyLocale, type Translator, type Values } from '@eticket/i18n';
import { FIELD_MESSAGES, MESSAGES } from '@eticket/contracts';
import { loaders } from 'virtual:eticket-i18n/field';

/** The language chosen on this phone (localStorage): kept across sign-outs and for whoever signs in next. */
export const LANGUAGE_KEY = 'fieldLanguage';

let current: Translator = createTranslator(DEFAULT_LOCALE, {});
const listeners = new Set<() => void>();

/** This phone's language: the one picked here last, else the phone's own if we speak it, else English. */
export function phoneLocale(): AnyLocale {
  const kept = localStorage.getItem(LANGUAGE_KEY);
  return isAnyLocale(kept) ? kept : pickLocale(navigator.languages);
}

/** Loads `locale`'s catalogue (its chunk, once) and redraws every screen in it; `keep` also remembers it on the phone. */
export async function switchLanguage(locale: AnyLocale, keep = true): Promise<void> {
  if (keep) localStorage.setItem(LANGUAGE_KEY, locale);
  if (loaded === locale) return;
  const { default: messages } = await loaders[locale]();
  loaded = locale;
  current = createTranslator(locale, messages);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  listeners.forEach((listener) => listener());
}
let loaded: AnyLocale | null = null;

/** The message under `key` in the phone's language, placeholders filled. */
export const t = (key: string, values?: Values): string => current.t(key, values);
/** The message under `key`, or `fallback` when the catalogue has none (a plan or vehicle type added later). */
export function tOr(key: string, fallback: string): string {
  const text = current.t(key);
  return text === key ? fallback : text;
}

/** The server's words (English) the app shows in the phone's language; any other server message is shown as sent. */
const SERVER_KEYS: Record<string, string> = {
  [MESSAGES.invalidCredentials]: 'server.invalidCredentials',
  [MESSAGES.accountNotApproved]: 'server.accountNotApproved',
  [MESSAGES.tooManyAttempts]: 'server.tooManyAttempts',
  [MESSAGES.sessionExpired]: 'server.sessionExpired',
  [MESSAGES.forbidden]: 'server.forbidden',
  [MESSAGES.resetMailSent]: 'server.resetMailSent',
  [MESSAGES.resetInvalidCode]: 'server.resetInvalidCode',
  [MESSAGES.passwordsDiffer]: 'server.passwordsDiffer',
  [MESSAGES.passwordReset]: 'server.passwordReset',
  [MESSAGES.signedOutByStaff]: 'server.signedOutByStaff',
  [MESSAGES.accountSuspended]: 'server.accountSuspended',
  [MESSAGES.noInternet]: 'server.noInternet',
  [FIELD_MESSAGES.fieldAgentsOnly]: 'server.fieldAgentsOnly',
  [FIELD_MESSAGES.noMotoristForQuery]: 'server.noMotorist',
  [FIELD_MESSAGES.motoristRequired]: 'server.motoristRequired',
  'Your session has ended. Sign in again to send your work.': 'server.sessionEnded',
};
export const fromServer = (message: string): string => (SERVER_KEYS[message] ? t(SERVER_KEYS[message]) : message);

/** "5 Nuwamba 2026" (Lagos day) in the phone's language. */
export const dateOnly = (at: Date | string | number): string => current.date(at);
/** "5 Nuwamba 2026, 14:05" (Lagos time) in the phone's language. */
export const dateTime = (at: Date | string | number): string => current.dateTime(at);
export const currentLocale = (): AnyLocale => current.locale;

const subscribe = (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener));
/** Re-renders the calling component (the app's root) when the language changes. */
export const useLanguage = (): AnyLocale => useSyncExternalStore(subscribe, () => current.locale);
