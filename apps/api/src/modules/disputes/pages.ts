import { DISPUTE_DESCRIPTION_MAX_LENGTH, DISPUTE_REASONS, type DisputeReason, type DisputeSource } from '@eticket/contracts';
import { DISPUTE_TEXT as T, fill } from './texts.ts';

/**
 * The public "Report a problem" pages: server-written HTML, no script (a form post and a 303 to the
 * thank-you page), the check pages' look, every word from texts.ts.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:18px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff}
main{max-width:32rem;margin:0 auto;padding:1rem}h1{font-size:1.3rem;margin:0 0 .75rem}.levy{margin:0 0 .25rem;font-size:.9rem;font-weight:600;color:#333}
.verdict{border-radius:.5rem;padding:1rem;margin:0 0 1rem;color:#fff;font-size:1.4rem;font-weight:700;background:#0b6b2b}
.errors{border:2px solid #a4161a;border-radius:.5rem;padding:.75rem;margin:0 0 1rem;color:#a4161a}
fieldset{border:0;padding:0;margin:0 0 1rem}legend,label{font-weight:600;display:block;margin:0 0 .35rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.4rem 0}.choice input{width:1.3rem;height:1.3rem;margin-top:.2rem}
textarea,input[type=tel]{width:100%;font:inherit;padding:.6rem;border:2px solid #333;border-radius:.4rem}textarea{min-height:8rem}
.hint{font-size:.85rem;color:#444;margin:.25rem 0 1rem}button{font:inherit;font-weight:700;padding:.8rem 1.2rem;border:0;border-radius:.5rem;background:#0b4f8a;color:#fff;width:100%}
.ref{font-size:1.6rem;font-weight:700;letter-spacing:.05em}footer{margin-top:1.5rem;font-size:.85rem;color:#444}`;

export interface Page {
  status: number;
  html: string;
}

function page(levy: string, title: string, body: string, status = 200): Page {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main><p class="levy">${escape(levy)}</p>${body}</main></body></html>`;
  return { status, html };
}

/** The path of a check page: /v/{code}, /r/{no}, /a/{code}. */
const PREFIX: Record<DisputeSource, string> = { vehicle: '/v/', receipt: '/r/', agent: '/a/' };
export const checkPath = (source: DisputeSource, code: string) => `${PREFIX[source]}${encodeURIComponent(code)}`;

/** The link a check page shows under its verdict (the hook in modules/public/pages.ts). */
export function reportLink(source: DisputeSource, code: string): string {
  return `<p class="report"><a href="${escape(checkPath(source, code))}/report">${escape(T.link)}</a><br><small>${escape(T.linkHint)}</small></p>`;
}

export interface FormValues {
  reason?: string;
  description?: string;
  phone?: string;
}
export type FormField = keyof typeof T.errors;

export function formPage(input: {
  levy: string;
  source: DisputeSource;
  code: string;
  token: string;
  values?: FormValues;
  errors?: FormField[];
  status?: number;
}): Page {
  const { source, code, values = {}, errors = [] } = input;
  const max = DISPUTE_DESCRIPTION_MAX_LENGTH;
  const chosen = values.reason ?? '';
  const reasons = DISPUTE_REASONS.map(
    (reason: DisputeReason) =>
      `<label class="choice"><input type="radio" name="reason" value="${reason}" required${chosen === reason ? ' checked' : ''}><span>${escape(T.reasons[reason])}</span></label>`,
  ).join('');
  const errorList = errors.length
    ? `<div class="errors" role="alert"><strong>${escape(T.errorsTitle)}</strong><ul>${errors
        .map((field) => `<li data-field="${field}">${escape(fill(T.errors[field], { max }))}</li>`)
        .join('')}</ul></div>`
    : '';
  const action = `${checkPath(source, code)}/report`;
  const body = `<h1>${escape(T.formTitle)}</h1><p>${escape(fill(T.about[source], { code }))}</p>${errorList}
<form method="post" action="${escape(action)}" accept-charset="utf-8">
<input type="hidden" name="token" value="${escape(input.token)}">
<fieldset><legend>${escape(T.reasonLegend)}</legend>${reasons}</fieldset>
<label for="description">${escape(T.descriptionLabel)}</label>
<textarea id="description" name="description" maxlength="${max}" required>${escape(values.description ?? '')}</textarea>
<p class="hint">${escape(fill(T.descriptionHint, { max }))}</p>
<label for="phone">${escape(T.phoneLabel)}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="32" value="${escape(values.phone ?? '')}">
<p class="hint">${escape(T.phoneHint)}</p>
<button type="submit">${escape(T.send)}</button>
</form><footer>${escape(T.privacy)} <a href="${escape(checkPath(source, code))}">${escape(T.back)}</a></footer>`;
  return page(input.levy, T.formTitle, body, input.status ?? 200);
}

export function thanksPage(levy: string, source: DisputeSource, code: string, reference: string): Page {
  const body = `<h1>${escape(T.thanksTitle)}</h1><p class="verdict" role="status">${escape(T.thanksVerdict)}</p>
<p>${escape(T.thanksReference)}</p><p class="ref" data-reference>${escape(reference)}</p><p>${escape(T.thanksNext)}</p>
<p><a href="${escape(checkPath(source, code))}">${escape(T.back)}</a></p>`;
  return page(levy, `${T.thanksTitle}: ${reference}`, body);
}

export function tooManyReportsPage(levy: string): Page {
  return page(levy, T.tooManyTitle, `<h1>${escape(T.tooManyTitle)}</h1><p role="status">${escape(T.tooMany)}</p>`, 429);
}

export function notFoundPage(levy: string): Page {
  return page(levy, T.notFoundTitle, `<h1>${escape(T.notFoundTitle)}</h1><p>${escape(T.notFound)}</p>`, 404);
}
