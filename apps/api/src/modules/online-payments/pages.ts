import { printedDate, printedNaira } from '@eticket/contracts';
import type { PayContext } from './repository.ts';
import type { PaidView } from './service.ts';
import { PAY_TEXTS as T } from './texts.ts';

/** The online payment parts of the public pages: server-written HTML that works without JavaScript. */

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
const naira = (kobo: number) => printedNaira(kobo / 100);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:18px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff}
main{max-width:32rem;margin:0 auto;padding:1rem}h1{font-size:1.3rem;margin:0 0 .75rem}
.verdict{border-radius:.5rem;padding:1rem;margin:0 0 1rem;color:#fff;font-size:1.6rem;font-weight:700;line-height:1.25}
.good{background:#0b6b2b}.warn{background:#8a4b00}.bad{background:#a4161a}.idle{background:#333}a{color:#0b4f8a}`;

/** The part of the vehicle page that offers Pay: the plans of the vehicle's type and the outstanding penalty, or "pay a registered agent". */
export function payPart(context: PayContext | null, enabled: boolean): string {
  if (!enabled || !context || !context.vehicleType || context.registrationStatus === 'suspended') {
    return `<section class="pay"><h2>${escape(T.payHeading)}</h2><p>${escape(T.payAgent)}</p></section>`;
  }
  const items = [
    ...(context.outstandingKobo > 0 ? [['penalty', T.penaltyItem(naira(context.outstandingKobo))] as const] : []),
    ...context.plans.map((plan) => [plan.id, T.planItem(capitalised(plan.name), naira(plan.priceKobo))] as const),
  ];
  if (items.length === 0) return `<section class="pay"><h2>${escape(T.payHeading)}</h2><p>${escape(T.payAgent)}</p></section>`;
  const options = items
    .map(
      ([value, label], index) =>
        `<label style="display:block;margin:.4rem 0"><input type="radio" name="item" value="${escape(value)}"${index === 0 ? ' checked' : ''}> ${escape(label)}</label>`,
    )
    .join('');
  return `<section class="pay"><h2>${escape(T.payHeading)}</h2><form method="post" action="/v/${escape(context.userCode)}/pay"><fieldset style="border:0;padding:0;margin:0"><legend>${escape(T.choose)}</legend>${options}</fieldset><label style="display:block;margin:.75rem 0">${escape(T.phoneLabel)}<br><input name="phone" type="tel" inputmode="tel" autocomplete="tel" style="font-size:1rem;padding:.4rem;width:100%"></label><button type="submit" style="font-size:1.1rem;padding:.7rem 1.2rem">${escape(T.payButton)}</button></form><p style="font-size:.9rem;color:#444">${escape(T.payNote)}</p><p style="font-size:.9rem;color:#444">${escape(T.payAgent)}</p></section>`;
}

function shell(title: string, body: string, status: number): { status: number; html: string } {
  return {
    status,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
  };
}

const backLink = (code: string) => `<p><a href="/v/${escape(code)}">${escape(T.back)}</a></p>`;

/** A checkout that could not start (bad input: 400 naming the field; the provider down: 503). */
export function refusedPage(code: string, message: string, status: number) {
  return shell(T.refusedTitle, `<h1>${escape(T.refusedTitle)}</h1><p class="verdict bad" role="alert">${escape(message)}</p>${backLink(code)}`, status);
}

/** Back from checkout: said only after the provider was asked. */
export function paidPage(code: string, view: PaidView | null) {
  if (!view) return shell(T.unknownTitle, `<h1>${escape(T.unknownTitle)}</h1><p>${escape(T.unknown)}</p>${backLink(code)}`, 404);
  if (view.state === 'credited') {
    const verdict = view.kind === 'subscription' && view.paidUntil ? T.paidUntil(printedDate(view.paidUntil)) : T.penaltyPaid;
    return shell(
      verdict,
      `<h1>${escape(T.paidTitle)}</h1><p class="verdict good" role="status">${escape(verdict)}</p><dl><dt>${escape(T.amount)}</dt><dd>${escape(naira(view.amountKobo))}</dd><dt>${escape(T.receiptLine(view.receiptNo))}</dt><dd><a href="/r/${escape(view.receiptNo)}">${escape(T.checkReceipt)}</a></dd></dl>${backLink(code)}`,
      200,
    );
  }
  const [tone, text] = {
    pending: ['warn', T.pending],
    failed: ['bad', T.failed],
    abandoned: ['idle', T.abandoned],
    suspense: ['warn', T.suspense],
  }[view.state];
  return shell(T.pendingTitle, `<h1>${escape(T.pendingTitle)}</h1><p class="verdict ${tone}" role="status">${escape(text)}</p>${backLink(code)}`, 200);
}
