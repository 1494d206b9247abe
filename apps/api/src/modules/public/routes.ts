import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, publicEndpoints } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { PAGE_COMPRESSION } from '../../platform/http/compression.ts';
import { LOCALES, PSEUDO_LOCALE, type AnyLocale, type Translator } from '@eticket/i18n';
import { keepChosenLanguage, pageLocale, publicTranslator } from './language.ts';
import { agentPage, notFoundPage, receiptPage, tooManyPage, vehiclePage, type Page } from './pages.ts';
import type { PublicKind, PublicService } from './service.ts';

export function publicRoutes(service: PublicService, publicUrl?: string) {
  const levyName = service.levyName;
  return [
    implement(publicEndpoints.vehicle, async (request) => ({ data: await service.vehicle(request.params.code, request.ip) })),
    implement(publicEndpoints.receipt, async (request) => ({ data: await service.receipt(request.params.no, request.ip) })),
    implement(publicEndpoints.agent, async (request) => ({ data: await service.agent(request.params.code, request.ip) })),
    // Never the request's Host (anyone may send one): without PUBLIC_URL the browser uses its own origin.
    implement(publicEndpoints.links, async () => ({ data: { publicUrl: publicUrl ?? null, levyName } })),
  ];
}

async function render(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PublicKind,
  code: string,
  levy: string,
  clock: Clock,
  make: (t: Translator, now: Date) => Promise<Page>,
): Promise<FastifyReply> {
  const now = clock.now();
  const t = publicTranslator(pageLocale(request));
  keepChosenLanguage(request, reply);
  let page: Page;
  try {
    page = await make(t, now);
  } catch (error) {
    if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 429)) throw error;
    page = error.statusCode === 404 ? notFoundPage(t, kind, levy, now, code) : tooManyPage(t, levy);
    reply.headers(error.headers);
  }
  // A status changes with a payment: never shown from a cache; the language follows the reader's headers.
  return reply
    .code(page.status)
    .header('cache-control', 'no-store')
    .header('content-language', t.locale)
    .header('vary', 'accept-language, cookie')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

/** The routes of each kind of check, pages and API calls (they share an address's count). */
const KIND_OF_ROUTE: Record<string, PublicKind> = {
  '/v/:code': 'vehicle',
  [publicEndpoints.vehicle.path]: 'vehicle',
  '/r/:no': 'receipt',
  [publicEndpoints.receipt.path]: 'receipt',
  '/a/:code': 'agent',
  [publicEndpoints.agent.path]: 'agent',
};

/**
 * An address this process already knows is over its limit is answered first thing, from memory,
 * with a short reply made once: no statement, no look-up, no page written, nothing compressed
 * (issue 49: a flood from one address must cost the server next to nothing).
 */
export function refuseEarly(app: FastifyInstance, service: PublicService): void {
  const api = JSON.stringify({ message: MESSAGES.tooManyAttempts });
  const locales: AnyLocale[] = [...LOCALES, PSEUDO_LOCALE];
  const html = new Map(locales.map((locale) => [locale, tooManyPage(publicTranslator(locale), service.levyName).html]));
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url ?? '';
    const kind = KIND_OF_ROUTE[route];
    const seconds = kind ? service.refusedFor(kind, request.ip) : null;
    if (seconds === null) return done();
    const isPage = !route.startsWith('/api/');
    void reply
      .code(429)
      .header('retry-after', String(seconds))
      .header('cache-control', 'no-store')
      .type(isPage ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
      .send(isPage ? html.get(pageLocale(request)) : api);
  });
}

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;
type ReceiptRequest = FastifyRequest<{ Params: { no: string } }>;

/** The pages a phone's camera opens from a QR code: /v/{userCode}, /r/{receiptNo}, /a/{userCode}. */
export function registerPublicPages(
  app: FastifyInstance,
  service: PublicService,
  clock: Clock,
  vehiclePart?: (userCode: string, t: Translator) => Promise<string>,
): void {
  const levy = service.levyName;
  app.get('/v/:code', { compress: PAGE_COMPRESSION }, (request: CodeRequest, reply) =>
    render(request, reply, 'vehicle', request.params.code, levy, clock, async (t, now) => {
      const vehicle = await service.vehicle(request.params.code, request.ip);
      return vehiclePage(t, vehicle, now, vehiclePart ? await vehiclePart(vehicle.userCode, t) : '');
    }),
  );
  app.get('/r/:no', { compress: PAGE_COMPRESSION }, (request: ReceiptRequest, reply) =>
    render(request, reply, 'receipt', request.params.no, levy, clock, async (t, now) =>
      receiptPage(t, await service.receipt(request.params.no, request.ip), levy, now),
    ),
  );
  app.get('/a/:code', { compress: PAGE_COMPRESSION }, (request: CodeRequest, reply) =>
    render(request, reply, 'agent', request.params.code, levy, clock, async (t, now) =>
      agentPage(t, await service.agent(request.params.code, request.ip), levy, now),
    ),
  );
}
