/** The languages the field app, the public pages and the motorists' texts speak (issue 45). */
export const LOCALES = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * A test-only language: English with every letter accented and each message bracketed (⟦…⟧), so a
 * journey in it can tell translated text from text that never went through a catalogue.
 * Not offered in any picker.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, as a picker shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  pcm: 'Naijá (Pidgin)',
  ha: 'Hausa',
  yo: 'Yorùbá',
  ig: 'Igbo',
};

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
export const isAnyLocale = (value: unknown): value is AnyLocale => value === PSEUDO_LOCALE || isLocale(value);

/**
 * The first of the given language tags (a browser's navigator.languages, or an Accept-Language header's
 * tags in order of preference) that we speak, by its language part ('yo-NG' → 'yo'); else English.
 */
export function pickLocale(tags: readonly string[] | string | null | undefined): Locale {
  const list = typeof tags === 'string' ? parseAcceptLanguage(tags) : (tags ?? []);
  for (const tag of list) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, most preferred first ('ha;q=0.8, yo' → ['yo', 'ha']). */
function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
