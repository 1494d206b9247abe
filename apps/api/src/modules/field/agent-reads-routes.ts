import { fieldEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { AgentReadsService } from './agent-reads-service.ts';

/** What the field app reads: a motorist for an agent, plans, the compliance list, the agent's day. */
export function agentReadsRoutes(service: AgentReadsService) {
  return [
    implement(fieldEndpoints.motorist, async (request) => ({ data: await service.motorist(request.query.q) })),
    implement(fieldEndpoints.plans, async (request) => ({ data: await service.plans(request.query.vehicleType) })),
    implement(fieldEndpoints.compliance, async (request) => ({ data: await service.compliance(request.query) })),
    implement(fieldEndpoints.myDay, async (request) => ({ data: await service.myDay(requireUser(request)) })),
  ];
}
