import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicEndpoints } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { HttpError } from '../../platform/http/errors.ts';
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

async function render(reply: FastifyReply, kind: PublicKind, levy: string, clock: Clock, make: (now: Date) => Promise<Page>): Promise<FastifyReply> {
  const now = clock.now();
  let page: Page;
  try {
    page = await make(now);
  } catch (error) {
    if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 429)) throw error;
    page = error.statusCode === 404 ? notFoundPage(kind, levy, now) : tooManyPage(levy, now);
    reply.headers(error.headers);
  }
  // A status changes with a payment: never shown from a cache.
  return reply.code(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
}

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;
type ReceiptRequest = FastifyRequest<{ Params: { no: string } }>;

/** The pages a phone's camera opens from a QR code: /v/{userCode}, /r/{receiptNo}, /a/{userCode}. */
export function registerPublicPages(app: FastifyInstance, service: PublicService, clock: Clock): void {
  const levy = service.levyName;
  app.get('/v/:code', (request: CodeRequest, reply) =>
    render(reply, 'vehicle', levy, clock, async (now) => vehiclePage(await service.vehicle(request.params.code, request.ip), now)),
  );
  app.get('/r/:no', (request: ReceiptRequest, reply) =>
    render(reply, 'receipt', levy, clock, async (now) => receiptPage(await service.receipt(request.params.no, request.ip), levy, now)),
  );
  app.get('/a/:code', (request: CodeRequest, reply) =>
    render(reply, 'agent', levy, clock, async (now) => agentPage(await service.agent(request.params.code, request.ip), levy, now)),
  );
}
