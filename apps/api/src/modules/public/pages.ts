import {
  printedName as nameOf,
  printedPlate as plateOf,
  type PlanName,
  type PublicAgent,
  type PublicReceipt,
  type PublicVehicle,
  type PublicVehicleStatus,
} from '@eticket/contracts';
import { LANGUAGE_NAMES, LOCALES, type Translator } from '@eticket/i18n';
import { sectionWords } from './sections.ts';
import { reportLink } from './report-link.ts';

/**
 * The public check pages as small server-written HTML: no script, no console code, one inline style
 * sheet, readable on a cheap phone over a poor network (issue 23: at most 30 KB each), in the
 * reader's language (issue 45: English, Pidgin, Hausa, Yoruba, Igbo; `t` is the page's translator,
 * see language.ts). Every word comes from the catalogues (packages/i18n/catalogues/public*); what is
 * data, not words (a plate, a name, a code, the levy's name), is marked translate="no".
 */

export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

// High contrast (white on dark green/amber/red, WCAG AA or better), large type, one column;
// the language links are 48 px touch targets.
const STYLE = `*{box-sizing:border-box}body{margin:0;font:1.125rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff}
main{max-width:32rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}h1{font-size:1.3rem;margin:0 0 .75rem}
.verdict{border-radius:.5rem;padding:1rem;margin:0 0 1rem;color:#fff;font-size:1.6rem;font-weight:700;line-height:1.25}
.good{background:#0b6b2b}.warn{background:#8a4b00}.bad{background:#a4161a}.idle{background:#333}
dl{margin:0}dt{font-size:.85rem;color:#444;text-transform:uppercase;letter-spacing:.04em;margin-top:.75rem}dd{margin:0;font-size:1.2rem;font-weight:600}
img{display:block;width:10rem;height:10rem;object-fit:cover;border-radius:.5rem;border:2px solid #111;margin:0 0 1rem}
footer{margin-top:1.5rem;font-size:.85rem;color:#444}.levy{margin:0 0 .25rem;font-size:.9rem;font-weight:600;color:#333}
nav{margin:0 0 .75rem}nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
nav a{display:inline-flex;align-items:center;min-height:48px;min-width:48px;padding:0 .6rem;color:#0a4a8f;font-size:1rem}
nav a[aria-current]{color:#111;font-weight:700;text-decoration:none}a:focus-visible{outline:3px solid #0a4a8f;outline-offset:2px}`;

export interface Page {
  status: number;
  html: string;
}

/** The levy's name (LEVY_NAME) above a page's heading, so a phone shows whose check this is. */
const levyLine = (levy: string) => `<p class="levy" translate="no">${escape(levy)}</p>`;

/**
 * The language switch: each language in its own name, a plain link (`?lang=ha` on the same page,
 * kept in a cookie by the route), so it works without script. `keep`: the page's own query values
 * the links carry too (a thank-you page's reference).
 */
export function languageSwitch(t: Translator, keep: Record<string, string> = {}): string {
  const links = LOCALES.map((locale) => {
    const current = locale === t.locale ? ' aria-current="true"' : '';
    const query = escape(new URLSearchParams({ ...keep, lang: locale }).toString());
    return `<li><a href="?${query}" hreflang="${locale}" lang="${locale}" translate="no"${current}>${escape(LANGUAGE_NAMES[locale])}</a></li>`;
  }).join('');
  return `<nav aria-label="${escape(t.t('page.language'))}"><ul>${links}</ul></nav>`;
}

/** A whole page in the translator's language: the language switch, the body, the time it was checked. */
export function page(t: Translator, title: string, body: string, now: Date, status = 200): Page {
  const footer = `<footer>${escape(t.t('page.checked', { at: t.dateTime(now) }))}</footer>`;
  const html = `<!doctype html><html lang="${t.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${languageSwitch(t)}${body}${footer}</main></body></html>`;
  return { status, html };
}

type Tone = 'good' | 'warn' | 'bad' | 'idle';
const verdict = (tone: Tone, text: string) => `<p class="verdict ${tone}" role="status">${escape(text)}</p>`;
/** A value that is data (plate, name, code) rather than words. */
interface Data {
  data: string;
}
const fields = (rows: Array<[string, string | Data]>) =>
  `<dl>${rows.map(([term, value]) => `<dt>${escape(term)}</dt>${typeof value === 'string' ? `<dd>${escape(value)}</dd>` : `<dd translate="no">${escape(value.data)}</dd>`}`).join('')}</dl>`;

/** The verdicts of the three checks, each a section of the catalogue (sections.ts). */
export const VEHICLE_WORDS = sectionWords('vehicle', {
  paid: 'Paid until {date}',
  grace: 'In grace until {date}',
  expired: 'Expired since {date}',
  paused: 'Paused',
});
export const RECEIPT_WORDS = sectionWords('receipt', {
  title: 'Receipt {no}: genuine',
  heading: 'Receipt {no}',
  genuine: 'Genuine receipt',
  reversedTitle: 'Receipt {no}: reversed',
  reversed: 'Reversed on {date}: this payment no longer counts',
});
export const AGENT_WORDS = sectionWords('agent', {
  active: 'Approved and active today',
  pending: 'Not approved yet',
  suspended: 'Suspended: do not pay',
  photo: 'Photo of {name}',
});

const VEHICLE_TONE: Record<PublicVehicleStatus, Tone> = { paid: 'good', grace: 'warn', expired: 'bad', paused: 'idle' };

/** `extra`: a part another module adds below the verdict (online payments' Pay, modules/online-payments). */
export function vehiclePage(t: Translator, vehicle: PublicVehicle, now: Date, extra = ''): Page {
  const tone = VEHICLE_TONE[vehicle.status];
  const text = VEHICLE_WORDS.in(t)(vehicle.status, { date: vehicle.statusDate ? t.date(vehicle.statusDate) : '' });
  return page(
    t,
    `${plateOf(vehicle.plateNumber)}: ${text}`,
    `<h1 translate="no">${escape(vehicle.levy)}</h1>${verdict(tone, text)}${fields([
      [t.t('field.plate'), { data: plateOf(vehicle.plateNumber) }],
      [t.t('field.vehicleType'), t.t(`type.${vehicle.vehicleType}`)],
      [t.t('field.owner'), { data: vehicle.owner }],
      [t.t('field.penalty'), t.t(vehicle.penaltyOutstanding ? 'penalty.outstanding' : 'penalty.none')],
      [t.t('field.uniqueId'), { data: vehicle.userCode }],
    ])}${extra}${reportLink(t, 'vehicle', vehicle.userCode)}`,
    now,
  );
}

const planKey = (plan: PlanName) => `plan.${plan.replace(/\s+/g, '')}`;

/** 'Monthly ticket (Bus)', 'Penalty (Keke)', in the page's language. */
function paidFor(t: Translator, receipt: PublicReceipt): string {
  const type = t.t(`type.${receipt.vehicleType}`);
  return receipt.kind === 'penalty' || receipt.planName === null
    ? t.t('paidFor.penalty', { type })
    : t.t('paidFor.ticket', { plan: t.t(planKey(receipt.planName)), type });
}

export function receiptPage(t: Translator, receipt: PublicReceipt, levy: string, now: Date): Page {
  const say = RECEIPT_WORDS.in(t);
  // A payment reversed as recorded in error (issue 44, docs/ledger.md): still found, said so in red.
  const reversed = receipt.reversedAt ? say('reversed', { date: t.dateTime(receipt.reversedAt) }) : null;
  return page(
    t,
    say(reversed ? 'reversedTitle' : 'title', { no: receipt.receiptNo }),
    `${levyLine(levy)}<h1>${escape(say('heading', { no: receipt.receiptNo }))}</h1>${reversed ? verdict('bad', reversed) : verdict('good', say('genuine'))}${fields(
      [
        [t.t('field.amount'), { data: t.naira(receipt.amount) }],
        [t.t('field.paidFor'), paidFor(t, receipt)],
        [t.t('field.plate'), { data: receipt.plateNumber ? plateOf(receipt.plateNumber) : '—' }],
        [t.t('field.dateTime'), t.dateTime(receipt.paidAt)],
        [t.t('field.collectedBy'), { data: `${nameOf(receipt.agent.fullName)} (${receipt.agent.userCode})` }],
      ],
    )}${reportLink(t, 'receipt', receipt.receiptNo)}`,
    now,
  );
}

const AGENT_TONE = { active: 'good', pending: 'warn', suspended: 'bad' } as const;

export function agentPage(t: Translator, agent: PublicAgent, levy: string, now: Date): Page {
  const say = AGENT_WORDS.in(t);
  const tone = AGENT_TONE[agent.status];
  const text = say(agent.status);
  const name = nameOf(agent.fullName);
  const photo = agent.photoUrl ? `<img src="${escape(agent.photoUrl)}" alt="${escape(say('photo', { name }))}">` : '';
  return page(
    t,
    `${name}: ${text}`,
    `${levyLine(levy)}<h1 translate="no">${escape(name)}</h1>${photo}${verdict(tone, text)}${fields([
      [t.t('field.role'), t.t(`role.${agent.role}`)],
      [t.t('field.uniqueId'), { data: agent.userCode }],
    ])}${reportLink(t, 'agent', agent.userCode)}`,
    now,
  );
}

export type NotFoundKind = 'vehicle' | 'receipt' | 'agent';

export function notFoundPage(t: Translator, kind: NotFoundKind, levy: string, now: Date, code?: string): Page {
  const title = t.t(`notFound.${kind}.title`);
  const detail = t.t(`notFound.${kind}.detail`);
  // A fake sticker's or receipt's code can be reported too (docs/disputes.md).
  const report = code ? reportLink(t, kind, code) : '';
  return page(t, title, `${levyLine(levy)}<h1>${escape(title)}</h1>${verdict('bad', title)}<p>${escape(detail)}</p>${report}`, now, 404);
}

/**
 * The same short page whenever (no time, no style sheet: under 1 KB, so not compressed either):
 * made once per language, it is the whole cost of a refusal.
 */
export function tooManyPage(t: Translator, levy: string): Page {
  const title = t.t('tooMany.title');
  const html = `<!doctype html><html lang="${t.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head><body><main>${levyLine(levy)}<h1>${escape(title)}</h1><p role="status">${escape(t.t('tooMany.text'))}</p></main></body></html>`;
  return { status: 429, html };
}
