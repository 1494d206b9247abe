// Node: a surface's translator for each language, compiled from the catalogues once (public pages, texts).
import { readdirSync } from 'node:fs';
import { CATALOGUES_DIR, compiledCatalogue } from './compile.ts';
import { DEFAULT_LOCALE, isAnyLocale, type AnyLocale } from './locales.ts';
import { createTranslator, type Translator } from './translator.ts';

const made = new Map<string, Translator>();

/** The translator of `surface` in `locale` (an unknown locale gets English), kept for the process's life. */
export function serverTranslator(surface: string, locale: string | null | undefined): Translator {
  const chosen: AnyLocale = isAnyLocale(locale) ? locale : DEFAULT_LOCALE;
  const key = `${surface}/${chosen}`;
  let translator = made.get(key);
  if (!translator) {
    translator = createTranslator(chosen, compiledCatalogue(surface, chosen));
    made.set(key, translator);
  }
  return translator;
}

/**
 * The surfaces of a page made of sections: `name` and every `name-<section>` catalogue folder
 * (the public pages: `public`, `public-pay`, …), so a section's keys live in files of its own.
 */
export const surfacesOf = (name: string): string[] =>
  readdirSync(CATALOGUES_DIR)
    .filter((folder) => folder === name || folder.startsWith(`${name}-`))
    .sort();

/** One translator over several surfaces' messages (keys must not repeat across them: the catalogue test checks). */
export function serverTranslatorOf(surfaces: readonly string[], locale: string | null | undefined): Translator {
  const chosen: AnyLocale = isAnyLocale(locale) ? locale : DEFAULT_LOCALE;
  const key = `${surfaces.join('+')}/${chosen}`;
  let translator = made.get(key);
  if (!translator) {
    translator = createTranslator(chosen, Object.assign({}, ...surfaces.map((surface) => compiledCatalogue(surface, chosen))));
    made.set(key, translator);
  }
  return translator;
}
