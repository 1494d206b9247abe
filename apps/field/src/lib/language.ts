import { isLocale, type Locale } from '@eticket/i18n';
import { profileEndpoints } from '@eticket/contracts';
import { call } from './api.ts';
import { switchLanguage } from './i18n.ts';
import { readSession } from './session.ts';

/** A language picked while nobody was signed in: the next agent to sign in takes it onto their account. */
const UNSAVED_KEY = 'fieldLanguageUnsaved';

/** Keeps the picked language on the signed-in agent's account (best effort: offline, the phone keeps it). */
export function saveAccountLanguage(language: Locale): void {
  if (!readSession()) {
    localStorage.setItem(UNSAVED_KEY, language);
    return;
  }
  localStorage.removeItem(UNSAVED_KEY);
  void call(profileEndpoints.setLanguage, { body: { language } }).catch(() => localStorage.setItem(UNSAVED_KEY, language));
}

/**
 * At sign-in, with the agent's profile: a language just picked on this phone goes onto the account;
 * otherwise the account's language (picked on any phone) is applied here.
 */
export async function applyAccountLanguage(accountLanguage: string | null): Promise<void> {
  const picked = localStorage.getItem(UNSAVED_KEY);
  if (isLocale(picked)) return saveAccountLanguage(picked);
  if (isLocale(accountLanguage)) await switchLanguage(accountLanguage);
}
