import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The console's own origin for everything; nothing may frame it. */
const CONTENT_SECURITY_POLICY = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine writes its CSS variables into <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    // The field app's QR decoder (qr-scanner) runs its worker from a blob: URL of its own code.
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Served over plain HTTP on a LAN too; TLS is the proxy's business.
    upgradeInsecureRequests: null,
  },
};

/**
 * The headers Helmet sets, written down once: with no per-request part in the policy (no nonce, no
 * directive computed from the request) they are the same for every reply. Helmet 8 throws on a bad
 * policy when built, here, at start-up.
 */
export function helmetHeaders(): Record<string, string> {
  const setHeaders = helmet({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    frameguard: { action: 'deny' },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  let called = false;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, () => (called = true));
  if (!called) throw new Error('Helmet did not finish synchronously: its headers cannot be written down once');
  return headers;
}

/**
 * Helmet's headers on every reply, 404s, refusals and files included, and `Cache-Control: no-store`
 * on every /api reply. They go into Fastify's own
 * header object, which it writes in one writeHead: Helmet's setHeader calls on the raw response cost
 * each reply eleven header validations, and then sent Fastify's own headers down Node's slower path
 * of merging them one by one (together about a tenth of the server's CPU for a small list call).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Only over HTTPS (the socket's own, or X-Forwarded-Proto from a trusted proxy): a browser keeps
    // to HTTPS for the site from then on. Over plain HTTP on a LAN it would be ignored, and wrong.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    // API replies (public checks, personal data, statuses that change with a payment) are kept by
    // no browser or proxy; a route with a reason to be cached (a signed file link) says so itself.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}

/** A year, subdomains included (the console, the field app and the public checks share the host). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';
