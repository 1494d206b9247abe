// Node: a surface's translator for each language, compiled from the catalogues once (public pages, texts).
import { compiledCatalogue } from './compile.ts';
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
