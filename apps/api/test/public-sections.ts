import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SectionWords } from '../src/modules/public/sections.ts';

const CATALOGUES = path.join(path.dirname(createRequire(import.meta.url).resolve('@eticket/i18n/package.json')), 'catalogues');

/**
 * The keys of a public pages' section whose English in the code differs from (or is missing in) the
 * English catalogue of `surface` (public, or the section's own public-<section>): [] when they agree.
 */
export function sectionMismatches(words: Pick<SectionWords<string>, 'section' | 'english'>, surface = 'public'): string[] {
  const english = JSON.parse(readFileSync(path.join(CATALOGUES, surface, 'en.json'), 'utf8')) as Record<string, string>;
  return Object.entries(words.english)
    .filter(([key, text]) => english[`${words.section}.${key}`] !== text)
    .map(([key]) => `${words.section}.${key}`);
}
