import type { Translator, Values } from '@eticket/i18n';

/**
 * A part of the public pages and its words (issue 45). Its English strings stay in the code, in a
 * keyed object, and each is read from the catalogues under `<section>.<key>`: a section of its own
 * (a Pay section, a report form) keeps them in its own catalogue folder,
 * packages/i18n/catalogues/public-<section>/<locale>.json, one file per language, merged into the
 * pages' translator (language.ts). The catalogue test then holds every key in every language with
 * the same placeholders, and `sectionMismatches` (test/public-sections.ts) that the English file
 * says what the code says.
 *
 *   const PAY = sectionWords('pay', { title: 'Pay for this vehicle', button: 'Pay {amount}' });
 *   const say = PAY.in(t); say('button', { amount: t.naira(1500) });
 */
export interface SectionWords<K extends string> {
  section: string;
  english: Readonly<Record<K, string>>;
  /** The section's words in the page's language. */
  in(t: Translator): (key: K, values?: Values) => string;
}

export function sectionWords<K extends string>(section: string, english: Record<K, string>): SectionWords<K> {
  return { section, english, in: (t) => (key, values) => t.t(`${section}.${key}`, values) };
}
