import { opsEndpoints } from '@eticket/contracts';
import { implement } from '../../platform/http/endpoints.ts';
import { metricsRoute, type MetricsAccess } from './metrics-route.ts';
import type { Readiness } from './readiness.ts';

export function opsRoutes(readiness: Readiness, metrics?: MetricsAccess) {
  return [
    implement(opsEndpoints.health, async () => ({ status: 'ok' as const })),
    implement(opsEndpoints.readiness, async (_request, reply) => {
      const answer = await readiness.check();
      if (answer.status === 'ready') return answer;
      return reply.code(503).header('cache-control', 'no-store').send(answer);
    }),
    metricsRoute(metrics),
  ];
}
