import type { PlanName } from '@eticket/contracts';
import type { Translator } from '@eticket/i18n';
import { escape, page, type Page } from '../public/index.ts';
import type { PayContext } from './repository.ts';
import type { PaidView } from './service.ts';
import { PAY_WORDS, type PayKey } from './texts.ts';

/**
 * The online payment parts of the public pages: server-written HTML that works without JavaScript,
 * in the reader's language (`t`, the public pages' translator: modules/public/language.ts), the
 * refusal and back-from-checkout pages in the public pages' own shell (style, language switch).
 */

const naira = (t: Translator, kobo: number) => t.naira(kobo / 100);
/** A plan's name in the page's language: the public pages' own words ('3 months' → plan.3months). */
const planName = (t: Translator, name: PlanName) => t.t(`plan.${name.replace(/\s+/g, '')}`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The part of the vehicle page that offers Pay (its choices, field and button 48 px touch targets): the plans of the vehicle's type and the outstanding penalty, or "pay a registered agent". */
export function payPart(t: Translator, context: PayContext | null, enabled: boolean): string {
  const say = PAY_WORDS.in(t);
  const agentOnly = `<section class="pay"><h2>${escape(say('payHeading'))}</h2><p>${escape(say('payAgent'))}</p></section>`;
  if (!enabled || !context || !context.vehicleType || context.registrationStatus === 'suspended') return agentOnly;
  const items = [
    ...(context.outstandingKobo > 0 ? [['penalty', say('penaltyItem', { amount: naira(t, context.outstandingKobo) })] as const] : []),
    ...context.plans.map((plan) => [plan.id, capitalised(say('planItem', { plan: planName(t, plan.name), amount: naira(t, plan.priceKobo) }))] as const),
  ];
  if (items.length === 0) return agentOnly;
  const options = items
    .map(
      ([value, label], index) =>
        `<label style="display:flex;align-items:center;gap:.6rem;min-height:48px"><input type="radio" name="item" value="${escape(value)}"${index === 0 ? ' checked' : ''} style="width:1.5rem;height:1.5rem;margin:0;flex:none"> ${escape(label)}</label>`,
    )
    .join('');
  return `<section class="pay"><h2>${escape(say('payHeading'))}</h2><form method="post" action="/v/${escape(context.userCode)}/pay"><fieldset style="border:0;padding:0;margin:0"><legend>${escape(say('choose'))}</legend>${options}</fieldset><label style="display:block;margin:.75rem 0">${escape(say('phoneLabel'))}<br><input name="phone" type="tel" inputmode="tel" autocomplete="tel" style="font-size:1rem;padding:.4rem;width:100%;min-height:48px"></label><button type="submit" style="font-size:1.1rem;padding:.7rem 1.2rem;min-height:48px;max-width:100%">${escape(say('payButton'))}</button></form><p style="font-size:.9rem;color:#444">${escape(say('payNote'))}</p><p style="font-size:.9rem;color:#444">${escape(say('payAgent'))}</p></section>`;
}

const backLink = (t: Translator, code: string) => `<p><a href="/v/${encodeURIComponent(code)}">${escape(PAY_WORDS.in(t)('back'))}</a></p>`;

/** A checkout that could not start (bad input: 400 naming the field; too many: 429; the provider down: 503). */
export function refusedPage(t: Translator, code: string, reason: PayKey, status: number, now: Date): Page {
  const say = PAY_WORDS.in(t);
  return page(
    t,
    say('refusedTitle'),
    `<h1>${escape(say('refusedTitle'))}</h1><p class="verdict bad" role="alert">${escape(say(reason))}</p>${backLink(t, code)}`,
    now,
    status,
  );
}

/** Back from checkout: said only after the provider was asked. */
export function paidPage(t: Translator, code: string, view: PaidView | null, now: Date): Page {
  const say = PAY_WORDS.in(t);
  if (!view) return page(t, say('unknownTitle'), `<h1>${escape(say('unknownTitle'))}</h1><p>${escape(say('unknown'))}</p>${backLink(t, code)}`, now, 404);
  if (view.state === 'credited') {
    const verdict = view.kind === 'subscription' && view.paidUntil ? say('paidUntil', { date: t.date(view.paidUntil) }) : say('penaltyPaid');
    return page(
      t,
      verdict,
      `<h1>${escape(say('paidTitle'))}</h1><p class="verdict good" role="status">${escape(verdict)}</p><dl><dt>${escape(say('amount'))}</dt><dd translate="no">${escape(naira(t, view.amountKobo))}</dd><dt>${escape(say('receiptLine', { no: view.receiptNo }))}</dt><dd><a href="/r/${encodeURIComponent(view.receiptNo)}">${escape(say('checkReceipt'))}</a></dd></dl>${backLink(t, code)}`,
      now,
    );
  }
  const [tone, key] = ({ pending: ['warn', 'pending'], failed: ['bad', 'failed'], abandoned: ['idle', 'abandoned'], suspense: ['warn', 'suspense'] } as const)[
    view.state
  ];
  return page(
    t,
    say('pendingTitle'),
    `<h1>${escape(say('pendingTitle'))}</h1><p class="verdict ${tone}" role="status">${escape(say(key))}</p>${backLink(t, code)}`,
    now,
  );
}
