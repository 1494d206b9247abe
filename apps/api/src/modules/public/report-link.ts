import type { Translator } from '@eticket/i18n';
import { sectionWords } from './sections.ts';

/**
 * The "Report a problem" link under each check page's verdict (issue 44), in the page's language
 * (issue 45). Its words are the `dispute` section's (catalogues/public-dispute, with the report
 * pages' own words in modules/disputes/texts.ts); the form is the check page's path + `/report`.
 */
export const REPORT_LINK_WORDS = sectionWords('dispute', {
  link: 'Report a problem',
  linkHint: 'Stopped after paying, a doubtful receipt or sticker, a collector who asked for more?',
});

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const PREFIX = { vehicle: '/v/', receipt: '/r/', agent: '/a/' } as const;

export function reportLink(t: Translator, kind: keyof typeof PREFIX, code: string): string {
  const say = REPORT_LINK_WORDS.in(t);
  return `<p class="report"><a href="${escape(`${PREFIX[kind]}${encodeURIComponent(code)}`)}/report">${escape(say('link'))}</a><br><small>${escape(say('linkHint'))}</small></p>`;
}
