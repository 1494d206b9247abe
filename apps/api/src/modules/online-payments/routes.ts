import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Translator } from '@eticket/i18n';
import type { Clock } from '../../lib/clock.ts';
import { keepChosenLanguage, pageLocale, publicTranslator, type Page } from '../public/index.ts';
import { ProviderError } from './provider/types.ts';
import { paidPage, refusedPage } from './pages.ts';
import type { PayKey } from './texts.ts';
import { createApplyQueue } from './apply-queue.ts';
import { PayRefused, type OnlinePayments } from './service.ts';

/** Where Paystack sends its webhooks (set in the Paystack dashboard: {PUBLIC_URL}/webhooks/paystack). */
export const WEBHOOK_PATH = '/webhooks/paystack';

/** Kept events applied at once per process; how long one may wait for a pause in the notifications; how many may wait (the rest: the verify job). */
const APPLY_AT_ONCE = 2;
const APPLY_HOLD_WHILE_BUSY_MS = 10_000;
const APPLY_QUEUE = 5000;

/** Checkouts one address may start per window, per process (each is a row here and a call to the provider). */
const STARTS_PER_WINDOW = 20;
const STARTS_WINDOW_MS = 10 * 60_000;

/** A per-address count in fixed windows, in this process's memory (pruned as windows end). */
function startLimit(limit: number, windowMs: number) {
  const counts = new Map<string, { n: number; until: number }>();
  return {
    admit(address: string, now: number): boolean {
      if (counts.size > 10_000) for (const [key, entry] of counts) if (entry.until <= now) counts.delete(key);
      const entry = counts.get(address);
      if (!entry || entry.until <= now) {
        counts.set(address, { n: 1, until: now + windowMs });
        return true;
      }
      entry.n += 1;
      return entry.n <= limit;
    },
  };
}

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

/**
 * The webhook (raw bytes, verified before anything else; 200 at once, applied after the answer) and
 * the payer's pages: the Pay form's post (303 to the provider's checkout) and the return from checkout.
 * In a scope of their own: their body parsers are theirs only.
 */
export function registerOnlinePaymentRoutes(app: FastifyInstance, payments: OnlinePayments, clock: Clock): void {
  // The vehicle page's Pay form is answered with a redirect to the provider's checkout: its policy lets the form go there.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url === '/v/:code' || request.routeOptions.url === '/v/:code/pay') {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        reply.header('content-security-policy', policy.replace("form-action 'self'", `form-action 'self' ${payments.checkoutOrigin}`));
    }
    done(null, payload);
  });
  const applies = createApplyQueue({
    atOnce: APPLY_AT_ONCE,
    holdWhileBusyMs: APPLY_HOLD_WHILE_BUSY_MS,
    capacity: APPLY_QUEUE,
    onError: (error) => app.log.error({ err: error }, 'payment webhook not applied yet (the job applies it)'),
  });
  app.addHook('onClose', () => applies.close());

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-paystack-signature'];
      const result = await applies.answering(() => payments.receive(raw, typeof header === 'string' ? header : undefined, request.ip));
      if (result.apply) applies.push(result.apply);
      return reply.code(result.status).send(result.status === 200 ? { status: 'ok' } : { message: 'signature refused' });
    });
  });

  const starts = startLimit(STARTS_PER_WINDOW, STARTS_WINDOW_MS);
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // In the reader's language, as the public pages (?lang=, the cookie, Accept-Language: modules/public/language.ts).
    const send = (request: FastifyRequest, reply: FastifyReply, t: Translator, page: Page) => {
      keepChosenLanguage(request, reply);
      return reply
        .code(page.status)
        .header('cache-control', 'no-store')
        .header('content-language', t.locale)
        .header('vary', 'accept-language, cookie')
        .type('text/html; charset=utf-8')
        .send(page.html);
    };
    scope.post('/v/:code/pay', async (request: CodeRequest, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const code = request.params.code;
      const t = publicTranslator(pageLocale(request));
      const refused = (reason: PayKey, status: number) => send(request, reply, t, refusedPage(t, code, reason, status, clock.now()));
      if (!starts.admit(request.ip, Date.now())) return refused('tooMany', 429);
      try {
        const url = await payments.start(code, { item: form.item ?? '', phone: form.phone ?? '', language: t.locale });
        return reply.code(303).header('cache-control', 'no-store').header('location', url).send();
      } catch (error) {
        if (error instanceof PayRefused) return refused(error.reason, 400);
        if (error instanceof ProviderError) {
          request.log.warn({ err: error.message }, 'checkout not started');
          return refused('providerDown', 503);
        }
        throw error;
      }
    });
    scope.get('/v/:code/paid', async (request: FastifyRequest<{ Params: { code: string }; Querystring: { reference?: string; trxref?: string } }>, reply) => {
      const reference = String(request.query.reference ?? request.query.trxref ?? '').slice(0, 100);
      const view = reference ? await payments.paid(request.params.code, reference) : null;
      const t = publicTranslator(pageLocale(request));
      return send(request, reply, t, paidPage(t, request.params.code, view, clock.now()));
    });
  });
}
