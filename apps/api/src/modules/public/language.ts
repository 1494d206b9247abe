import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAnyLocale, pickLocale, type AnyLocale, type Translator } from '@eticket/i18n';
import { serverTranslatorOf, surfacesOf } from '@eticket/i18n/server';

/**
 * The language of a public page (issue 45): the switch's choice (`?lang=ha`, kept in the `lang`
 * cookie for a year), else the cookie, else the browser's Accept-Language, else English. The
 * pseudo-locale (en-XA, tests) is taken when asked for but offered nowhere.
 */

export const LANGUAGE_COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The public pages' catalogues: `public` and each section's own `public-<section>` folder (a Pay
 * section, a report form: packages/i18n/catalogues/public-pay/<locale>.json …), merged.
 */
const SURFACES = surfacesOf('public');

/** The translator of the public pages in `locale`, made once per language. */
export const publicTranslator = (locale: AnyLocale): Translator => serverTranslatorOf(SURFACES, locale);

function cookieOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

type LanguageRequest = Pick<FastifyRequest, 'headers' | 'query' | 'protocol'>;

/** The language asked for by the switch's link (`?lang=`), if any. */
const askedFor = (request: LanguageRequest): AnyLocale | null => {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return isAnyLocale(lang) ? lang : null;
};

/** The page's language: the switch, then the cookie, then Accept-Language, then English. */
export function pageLocale(request: LanguageRequest): AnyLocale {
  const cookie = cookieOf(request.headers.cookie, LANGUAGE_COOKIE);
  return askedFor(request) ?? (isAnyLocale(cookie) ? cookie : pickLocale(request.headers['accept-language']));
}

/** Keeps a language chosen with the switch for the next pages (the cookie carries nothing else). */
export function keepChosenLanguage(request: LanguageRequest, reply: FastifyReply): void {
  const asked = askedFor(request);
  if (!asked) return;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header('set-cookie', `${LANGUAGE_COOKIE}=${asked}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`);
}
