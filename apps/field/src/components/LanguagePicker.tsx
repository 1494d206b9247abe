import { useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, isLocale } from '@eticket/i18n';
import { currentLocale, switchLanguage, t } from '../lib/i18n.ts';
import { saveAccountLanguage } from '../lib/language.ts';

/**
 * The language of the app (issue 45): kept on this phone at once, and on the agent's account when one is
 * signed in (applied at their next sign-in on any phone). Each language is named in itself, so a reader
 * who landed in the wrong one finds theirs.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const [busy, setBusy] = useState(false);
  const locale = currentLocale();
  async function choose(value: string) {
    if (!isLocale(value)) return;
    setBusy(true);
    try {
      await switchLanguage(value);
      saveAccountLanguage(value);
    } finally {
      setBusy(false);
    }
  }
  return (
    <label className={compact ? 'language compact' : 'language'}>
      <span className={compact ? 'visually-hidden' : undefined}>{t('language.label')}</span>
      <select value={isLocale(locale) ? locale : ''} onChange={(event) => void choose(event.target.value)} disabled={busy} data-testid="language">
        {!isLocale(locale) && <option value="">{locale}</option>}
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
