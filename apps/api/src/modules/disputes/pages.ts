import { DISPUTE_DESCRIPTION_MAX_LENGTH, DISPUTE_REASONS, type DisputeReason, type DisputeSource } from '@eticket/contracts';
import type { Translator } from '@eticket/i18n';
import { languageSwitch } from '../public/index.ts';
import { DISPUTE_WORDS } from './texts.ts';

/**
 * The public "Report a problem" pages: server-written HTML, no script (a form post and a 303 to the
 * thank-you page), the check pages' look and language switch, every word from texts.ts in the
 * page's language (`t`: the public pages' translator, modules/public language.ts). The chosen
 * language rides with the form (a hidden `lang`) to the post and its redirect.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:1.125rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff}
main{max-width:32rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}h1{font-size:1.3rem;margin:0 0 .75rem}.levy{margin:0 0 .25rem;font-size:.9rem;font-weight:600;color:#333}
.verdict{border-radius:.5rem;padding:1rem;margin:0 0 1rem;color:#fff;font-size:1.4rem;font-weight:700;background:#0b6b2b}
.errors{border:2px solid #a4161a;border-radius:.5rem;padding:.75rem;margin:0 0 1rem;color:#a4161a}
fieldset{border:0;padding:0;margin:0 0 1rem}legend,label{font-weight:600;display:block;margin:0 0 .35rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.4rem 0}.choice input{width:1.5rem;height:1.5rem;margin-top:.1rem;flex:none}.choice span{min-width:0}
textarea,input[type=tel]{width:100%;font:inherit;padding:.6rem;border:2px solid #333;border-radius:.4rem}textarea{min-height:8rem}
.hint{font-size:.85rem;color:#444;margin:.25rem 0 1rem}button{font:inherit;font-weight:700;padding:.8rem 1.2rem;border:0;border-radius:.5rem;background:#0b4f8a;color:#fff;width:100%}
.ref{font-size:1.6rem;font-weight:700;letter-spacing:.05em}footer{margin-top:1.5rem;font-size:.85rem;color:#444}
nav{margin:0 0 .75rem}nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
nav a{display:inline-flex;align-items:center;min-height:48px;min-width:48px;padding:0 .6rem;color:#0a4a8f;font-size:1rem}
nav a[aria-current]{color:#111;font-weight:700;text-decoration:none}a:focus-visible{outline:3px solid #0a4a8f;outline-offset:2px}`;

export interface Page {
  status: number;
  html: string;
}

/** A page in the translator's language, its switch first; `keep`: query values the switch's links carry. */
function page(t: Translator, levy: string, title: string, body: string, status = 200, keep: Record<string, string> = {}): Page {
  const html = `<!doctype html><html lang="${t.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${languageSwitch(t, keep)}<p class="levy" translate="no">${escape(levy)}</p>${body}</main></body></html>`;
  return { status, html };
}

/** The path of a check page: /v/{code}, /r/{no}, /a/{code}. */
const PREFIX: Record<DisputeSource, string> = { vehicle: '/v/', receipt: '/r/', agent: '/a/' };
export const checkPath = (source: DisputeSource, code: string) => `${PREFIX[source]}${encodeURIComponent(code)}`;

export interface FormValues {
  reason?: string;
  description?: string;
  phone?: string;
}
export type FormField = 'reason' | 'description' | 'phone' | 'token';

export function formPage(
  t: Translator,
  input: {
    levy: string;
    source: DisputeSource;
    code: string;
    token: string;
    values?: FormValues;
    errors?: FormField[];
    status?: number;
  },
): Page {
  const say = DISPUTE_WORDS.in(t);
  const { source, code, values = {}, errors = [] } = input;
  const max = DISPUTE_DESCRIPTION_MAX_LENGTH;
  const chosen = values.reason ?? '';
  const reasons = DISPUTE_REASONS.map(
    (reason: DisputeReason) =>
      `<label class="choice"><input type="radio" name="reason" value="${reason}" required${chosen === reason ? ' checked' : ''}><span>${escape(say(`reason.${reason}`))}</span></label>`,
  ).join('');
  const errorList = errors.length
    ? `<div class="errors" role="alert"><strong>${escape(say('errorsTitle'))}</strong><ul>${errors
        .map((field) => `<li data-field="${field}">${escape(say(`error.${field}`, { max }))}</li>`)
        .join('')}</ul></div>`
    : '';
  const action = `${checkPath(source, code)}/report`;
  const body = `<h1>${escape(say('formTitle'))}</h1><p>${escape(say(`about.${source}`, { code }))}</p>${errorList}
<form method="post" action="${escape(action)}" accept-charset="utf-8">
<input type="hidden" name="token" value="${escape(input.token)}"><input type="hidden" name="lang" value="${t.locale}">
<fieldset><legend>${escape(say('reasonLegend'))}</legend>${reasons}</fieldset>
<label for="description">${escape(say('descriptionLabel'))}</label>
<textarea id="description" name="description" maxlength="${max}" required>${escape(values.description ?? '')}</textarea>
<p class="hint">${escape(say('descriptionHint', { max }))}</p>
<label for="phone">${escape(say('phoneLabel'))}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="32" value="${escape(values.phone ?? '')}">
<p class="hint">${escape(say('phoneHint'))}</p>
<button type="submit">${escape(say('send'))}</button>
</form><footer>${escape(say('privacy'))} <a href="${escape(checkPath(source, code))}">${escape(say('back'))}</a></footer>`;
  return page(t, input.levy, say('formTitle'), body, input.status ?? 200);
}

export function thanksPage(t: Translator, levy: string, source: DisputeSource, code: string, reference: string): Page {
  const say = DISPUTE_WORDS.in(t);
  const body = `<h1>${escape(say('thanksTitle'))}</h1><p class="verdict" role="status">${escape(say('thanksVerdict'))}</p>
<p>${escape(say('thanksReference'))}</p><p class="ref" data-reference translate="no">${escape(reference)}</p><p>${escape(say('thanksNext'))}</p>
<p><a href="${escape(checkPath(source, code))}">${escape(say('back'))}</a></p>`;
  return page(t, levy, `${reference}: ${say('thanksTitle')}`, body, 200, { ref: reference });
}

export function tooManyReportsPage(t: Translator, levy: string): Page {
  const say = DISPUTE_WORDS.in(t);
  return page(t, levy, say('tooManyTitle'), `<h1>${escape(say('tooManyTitle'))}</h1><p role="status">${escape(say('tooMany'))}</p>`, 429);
}

export function notFoundPage(t: Translator, levy: string): Page {
  const say = DISPUTE_WORDS.in(t);
  return page(t, levy, say('notFoundTitle'), `<h1>${escape(say('notFoundTitle'))}</h1><p>${escape(say('notFound'))}</p>`, 404);
}
