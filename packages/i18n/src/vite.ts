// The build's side (apps' vite.config.ts): each language's catalogue compiled at build time into its own chunk.
import { readdirSync } from 'node:fs';
import { ALL_LOCALES, CATALOGUES_DIR, compiledCatalogue } from './compile.ts';
import { isAnyLocale } from './locales.ts';

const PREFIX = 'virtual:eticket-i18n/';
const RESOLVED = `\0${PREFIX}`;

interface CataloguePlugin {
  name: string;
  resolveId(id: string): string | undefined;
  load(this: { addWatchFile(file: string): void }, id: string): string | undefined;
}

/**
 * `import { loaders } from 'virtual:eticket-i18n/<surface>'`: loaders[locale]() imports that language's
 * compiled messages (`virtual:eticket-i18n/<surface>/<locale>`), a chunk of its own, so a phone downloads
 * only the language it shows. No ICU parser ships: messages are compiled here (@lingui/message-utils).
 */
export function i18nCatalogues(): CataloguePlugin {
  return {
    name: 'eticket-i18n-catalogues',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const [surface, locale] = id.slice(RESOLVED.length).split('/');
      if (!readdirSync(CATALOGUES_DIR).includes(surface)) throw new Error(`No catalogues for ${surface} in ${CATALOGUES_DIR}`);
      for (const folder of ['common', surface])
        for (const file of readdirSync(`${CATALOGUES_DIR}${folder}`)) this.addWatchFile(`${CATALOGUES_DIR}${folder}/${file}`);
      if (locale === undefined) {
        const entries = ALL_LOCALES.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${PREFIX}${surface}/${l}`)})`);
        return `export const loaders = {${entries.join(', ')}};`;
      }
      if (!isAnyLocale(locale)) throw new Error(`Unknown locale ${locale}`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiledCatalogue(surface, locale)))});`;
    },
  };
}
