/**
 * npm run bench:public-pages
 *
 * The size of every public check page in every language (issue 45: under 30 KB each), written by the
 * server's own page functions (apps/api/src/modules/public/pages.ts) with the longest realistic
 * values: a long levy name, a 10-character plate, the longest plan name, a long agent name with a
 * photo link, a two-digit day and month. Each size is the HTML as sent (UTF-8 bytes), and gzipped
 * (the server compresses replies over 1 KB). With the Report a problem form (all five reasons, every
 * error shown, a description at its 1,000-character limit) and its thank-you page
 * (apps/api/src/modules/disputes/pages.ts). Writes bench/public-pages-results.md.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@eticket/i18n';
import { publicTranslator } from '../apps/api/src/modules/public/language.ts';
import { agentPage, notFoundPage, receiptPage, tooManyPage, vehiclePage, type Page } from '../apps/api/src/modules/public/pages.ts';
import { formPage, thanksPage } from '../apps/api/src/modules/disputes/pages.ts';

const LIMIT = 30 * 1024;
const NOW = new Date('2026-12-28T19:45:00Z');
const LEVY = 'Lagos State Commercial Transport Levy (Ikeja Division)';

function pagesIn(locale: Locale): Record<string, Page> {
  const t = publicTranslator(locale);
  return {
    '/v (in grace, penalty owed)': vehiclePage(
      t,
      {
        levy: LEVY,
        userCode: 'o677ajajrp',
        vehicleType: 'keke',
        plateNumber: 'lag-123-ab',
        owner: 'Oluwaseun A.',
        status: 'grace',
        statusDate: '2026-12-28T10:00:00Z',
        penaltyOutstanding: true,
      },
      NOW,
    ),
    '/r (genuine)': receiptPage(
      t,
      {
        receiptNo: 'S7KQ-2M9X-D4HP',
        kind: 'subscription',
        amount: 120000,
        planName: '6 months',
        vehicleType: 'bike',
        plateNumber: 'lag-123-ab',
        paidAt: '2026-12-28T10:00:00Z',
        agent: { fullName: 'oluwaseun adebayo-williams', userCode: 'x1y2z3w4v5' },
        reversedAt: null,
      },
      LEVY,
      NOW,
    ),
    '/a (suspended)': agentPage(
      t,
      {
        userCode: 'x1y2z3w4v5',
        fullName: 'oluwaseun adebayo-williams',
        role: 'registrar',
        status: 'suspended',
        photoUrl: `/api/files/portraits/${'a'.repeat(36)}.jpg?expires=1798000000&signature=${'f'.repeat(64)}`,
      },
      LEVY,
      NOW,
    ),
    '/r (not found)': notFoundPage(t, 'receipt', LEVY, NOW),
    '429': tooManyPage(t, LEVY),
    '/r/…/report (every error shown)': formPage(t, {
      levy: LEVY,
      source: 'receipt',
      code: 'S7KQ-2M9X-D4HP',
      token: 'x'.repeat(120),
      values: { reason: 'other', description: 'é'.repeat(1000), phone: '0803 123 4567 0803' },
      errors: ['reason', 'description', 'phone', 'token'],
      status: 400,
    }),
    '/r/…/report/sent': thanksPage(t, LEVY, 'receipt', 'S7KQ-2M9X-D4HP', 'DSP-ABCDEFGH'),
  };
}

const rows: string[] = [];
let largest = 0;
for (const locale of LOCALES) {
  for (const [name, page] of Object.entries(pagesIn(locale))) {
    const bytes = Buffer.byteLength(page.html);
    largest = Math.max(largest, bytes);
    rows.push(
      `| ${LANGUAGE_NAMES[locale]} (\`${locale}\`) | ${name} | ${(bytes / 1024).toFixed(2)} KB | ${(gzipSync(page.html).length / 1024).toFixed(2)} KB |`,
    );
  }
}
if (largest >= LIMIT) throw new Error(`A public page is ${largest} bytes: over the 30 KB limit`);

const report = `# Public check pages: size per language (issue 45)

\`npm run bench:public-pages\` (bench/public-pages.ts), ${new Date().toISOString().slice(0, 10)}. Each page as the server
writes it (apps/api/src/modules/public/pages.ts, the report pages modules/disputes/pages.ts) with the longest realistic values; HTML bytes as
sent (UTF-8) and gzipped. Limit: 30 KB each, in every language. Largest: ${(largest / 1024).toFixed(2)} KB.

| language | page | HTML | gzip |
|---|---|---|---|
${rows.join('\n')}
`;
writeFileSync(new URL('./public-pages-results.md', import.meta.url), report);
console.log(report);
