import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { disputeEndpoints, disputeReportForm, type DisputeSource } from '@eticket/contracts';
import { isAnyLocale, isLocale, type Translator } from '@eticket/i18n';
import type { Clock } from '../../lib/clock.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { keepChosenLanguage, pageLocale, publicTranslator } from '../public/index.ts';
import type { FormTokens } from './form-token.ts';
import { checkPath, formPage, notFoundPage, thanksPage, tooManyReportsPage, type FormField, type FormValues, type Page } from './pages.ts';
import { REFERENCE, reporterPhone, sourceCodeOf, type DisputeService } from './service.ts';

/** The console's queue: list, counts, one dispute, assign, note, resolve. */
export function disputeRoutes(service: DisputeService) {
  return [
    implement(disputeEndpoints.list, async (request) => service.list(request.query)),
    implement(disputeEndpoints.summary, async () => ({ data: await service.summary() })),
    implement(disputeEndpoints.assignees, async () => ({ data: await service.assignees() })),
    implement(disputeEndpoints.detail, async (request) => ({ data: await service.detail(request.params.id) })),
    implement(disputeEndpoints.assign, async (request) => ({
      message: 'Dispute assigned',
      data: await service.assign(requireUser(request), request.params.id, request.body.assigneeId),
    })),
    implement(disputeEndpoints.addNote, async (request) => ({
      message: 'Note added',
      data: await service.addNote(requireUser(request), request.params.id, request.body.note),
    })),
    implement(disputeEndpoints.resolve, async (request) => {
      const { detail, texted } = await service.resolve(requireUser(request), request.params.id, request.body);
      return {
        message: texted ? 'Dispute resolved; the outcome is texted to the reporter' : 'Dispute resolved (no phone was given: nothing is texted)',
        data: detail,
      };
    }),
  ];
}

/** Per-address counts of reports: the public checks' throttle (modules/public slot-counter), its own key and limit. */
export interface ReportSlots {
  take(key: string): Promise<number | null>;
  refusedUntil(key: string, at: number): number | null;
  flush(): Promise<void>;
}

const SOURCES: Array<[DisputeSource, string]> = [
  ['vehicle', '/v/:code/report'],
  ['receipt', '/r/:code/report'],
  ['agent', '/a/:code/report'],
];
const FORM_FIELDS: FormField[] = ['reason', 'description', 'phone', 'token'];

type ReportRequest = FastifyRequest<{ Params: { code: string }; Querystring: { ref?: string; lang?: string } }>;

/** A page in `t`'s language, never cached (the language follows the reader's headers, as the check pages'). */
const send = (reply: FastifyReply, t: Translator, page: Page) =>
  reply
    .code(page.status)
    .header('cache-control', 'no-store')
    .header('content-language', t.locale)
    .header('vary', 'accept-language, cookie')
    .type('text/html; charset=utf-8')
    .send(page.html);

/** The language of a report page (modules/public language.ts: ?lang=, cookie, Accept-Language), the switch's choice kept. */
function translatorFor(request: ReportRequest, reply: FastifyReply): Translator {
  keepChosenLanguage(request, reply);
  return publicTranslator(pageLocale(request));
}

/** A post's language: the form's hidden `lang` (the page it was sent from), else as for a page. */
function postTranslator(request: ReportRequest, body: Record<string, unknown>): Translator {
  return publicTranslator(isAnyLocale(body.lang) ? body.lang : pageLocale(request));
}

/**
 * The "Report a problem" pages of /v, /r and /a: the form (GET), its post (a plain form post, no
 * script: 303 to the thank-you page, or the form again with what to correct, 400), the thank-you page.
 * Registered in their own scope, which alone reads application/x-www-form-urlencoded bodies.
 */
export function registerReportPages(app: FastifyInstance, deps: { service: DisputeService; tokens: FormTokens; slots: ReportSlots; clock: Clock }): void {
  const { service, tokens, slots, clock } = deps;
  const levy = service.levyName;
  const slotKey = (address: string) => `public:dispute:${address}`;

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
      done(null, fields);
    });

    for (const [source, path] of SOURCES) {
      scope.get(path, (request: ReportRequest, reply) => {
        const t = translatorFor(request, reply);
        const code = sourceCodeOf(source, request.params.code);
        if (code === null) return send(reply, t, notFoundPage(t, levy));
        return send(reply, t, formPage(t, { levy, source, code, token: tokens.sign(`${source}:${code}`, clock.now()) }));
      });

      scope.post(path, { config: { leavesAccountsAlone: true } }, async (request: ReportRequest, reply) => {
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
        const t = postTranslator(request, body);
        const code = sourceCodeOf(source, request.params.code);
        if (code === null) return send(reply, t, notFoundPage(t, levy));
        // Every post counts, good or bad, before anything is read: a flood costs one slot each.
        const refusedUntil = await slots.take(slotKey(request.ip));
        if (refusedUntil !== null) {
          const seconds = Math.max(1, Math.ceil((refusedUntil - clock.now().getTime()) / 1000));
          return send(reply.header('retry-after', String(seconds)), t, tooManyReportsPage(t, levy));
        }
        const values: FormValues = {
          reason: typeof body.reason === 'string' ? body.reason : undefined,
          description: typeof body.description === 'string' ? body.description : undefined,
          phone: typeof body.phone === 'string' ? body.phone : undefined,
        };
        const parsed = disputeReportForm.safeParse(body);
        const errors = new Set<FormField>();
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = issue.path[0];
            if (typeof field === 'string' && (FORM_FIELDS as string[]).includes(field)) errors.add(field as FormField);
          }
        }
        const phone = reporterPhone(parsed.success ? parsed.data.phone : values.phone?.trim() || undefined);
        if (phone === undefined) errors.add('phone');
        const now = clock.now();
        if (parsed.success && !tokens.verify(`${source}:${code}`, parsed.data.token, now)) errors.add('token');
        if (!parsed.success || errors.size > 0) {
          const fields = FORM_FIELDS.filter((field) => errors.has(field));
          return send(reply, t, formPage(t, { levy, source, code, token: tokens.sign(`${source}:${code}`, now), values, errors: fields, status: 400 }));
        }
        const reference = await service.report(source, code, { ...parsed.data, phone234: phone ?? null, language: isLocale(t.locale) ? t.locale : 'en' });
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('location', `${checkPath(source, code)}/report/sent?${new URLSearchParams({ ref: reference, lang: t.locale }).toString()}`)
          .send();
      });

      scope.get(`${path}/sent`, (request: ReportRequest, reply) => {
        const t = translatorFor(request, reply);
        const code = sourceCodeOf(source, request.params.code);
        const reference = request.query.ref ?? '';
        if (code === null || !REFERENCE.test(reference)) return send(reply, t, notFoundPage(t, levy));
        return send(reply, t, thanksPage(t, levy, source, code, reference));
      });
    }
  });
}
