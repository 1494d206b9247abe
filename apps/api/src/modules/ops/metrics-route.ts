import { createHash, timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';
import { opsEndpoints } from '@eticket/contracts';
import { bearerToken } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';

/** The metrics, when METRICS_TOKEN is set: its value and the registry filled by platform/http/metrics.ts. */
export interface MetricsAccess {
  token: string;
  registry: Registry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (through digests, so lengths do not tell either). */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** GET /metrics: 404 while off; else 401 without a bearer token, 403 with another one (a session's too). */
export function metricsRoute(metrics: MetricsAccess | undefined) {
  return implement(opsEndpoints.metrics, async (request, reply) => {
    if (!metrics) throw notFound();
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    if (!sameToken(token, metrics.token)) throw forbidden();
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
