// Node only (the server, the build's Vite plugin, tests): catalogues from disk, compiled for @lingui/core.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, PSEUDO_LOCALE, type AnyLocale } from './locales.ts';
import { pseudoMessage } from './pseudo.ts';

/** The catalogues' folder: catalogues/<surface>/<locale>.json, plus common/ (month names) merged into each. */
// Found through the package (not this file's address), so a server bundled by esbuild (apps/api/build.mjs) finds them too.
export const CATALOGUES_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@eticket/i18n/package.json')), 'catalogues/');

export type SourceCatalogue = Record<string, string>;
export type CompiledCatalogue = Record<string, CompiledMessage>;

/** One catalogue file as written: key → ICU message. */
export function readSource(surface: string, locale: string): SourceCatalogue {
  return JSON.parse(readFileSync(`${CATALOGUES_DIR}${surface}/${locale}.json`, 'utf8')) as SourceCatalogue;
}

export function compileCatalogue(source: SourceCatalogue): CompiledCatalogue {
  return Object.fromEntries(Object.entries(source).map(([key, message]) => [key, compileMessage(message)]));
}

/** A surface's messages in a language, compiled, with the common ones (month names); the pseudo-locale made from English. */
export function compiledCatalogue(surface: string, locale: AnyLocale): CompiledCatalogue {
  if (locale === PSEUDO_LOCALE) {
    const english = compiledCatalogue(surface, 'en');
    return Object.fromEntries(Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]));
  }
  return compileCatalogue({ ...readSource('common', locale), ...readSource(surface, locale) });
}

/** Every locale a surface is loaded in, the pseudo-locale included. */
export const ALL_LOCALES: readonly AnyLocale[] = [...LOCALES, PSEUDO_LOCALE];
