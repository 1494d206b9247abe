import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  complianceQuery,
  complianceResponse,
  fieldLookupQuery,
  fieldLookupResponse,
  fieldPlansQuery,
  fieldPlansResponse,
  myDayResponse,
} from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import type { AgentReadsService } from './agent-reads-service.ts';

const FIELD_AGENTS = { capability: ['field-scan', 'field-payment'], access: 'read' } as const;

/** What the field app reads (issue 22): a motorist for an agent, plans, the compliance list, the agent's day. */
export function agentReadsRoutes(service: AgentReadsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['field'];

    app.get(
      '/api/field/motorist',
      {
        config: { permission: FIELD_AGENTS },
        schema: {
          tags,
          description:
            'An enforcer or remitter finds a motorist by Unique ID or plate number (any case and spacing): name, portrait, vehicle, subscription status, expiry, plan and outstanding penalty. No phone, email, address or ID.',
          querystring: fieldLookupQuery,
          response: { 200: fieldLookupResponse },
        },
      },
      async (request) => ({ data: await service.lookup(request.query.q) }),
    );

    app.get(
      '/api/field/plans',
      {
        config: { permission: { capability: 'field-payment', access: 'read' } },
        schema: { tags, description: 'The plans of a vehicle type with their prices (naira), for a remitter collecting.', querystring: fieldPlansQuery, response: { 200: fieldPlansResponse } },
      },
      async (request) => ({ data: await service.plans(request.query.vehicleType) }),
    );

    app.get(
      '/api/field/compliance',
      {
        config: { permission: { capability: 'field-scan', access: 'read' } },
        schema: {
          tags,
          description:
            "The compliance list behind an enforcer's offline verdicts: [userCode, paid-until (epoch seconds; 0 while paused), flags (1 owes a penalty, 2 paused)], no names or phones. Whole in pages of 20,000 by userCode (after = the previous reply's next), or with since (an earlier reply's asOf) the entries changed since; complete: false when those do not fit in a page.",
          querystring: complianceQuery,
          response: { 200: complianceResponse },
        },
      },
      async (request) => ({ data: await service.compliance(request.query) }),
    );

    app.get(
      '/api/field/my-day',
      {
        config: { permission: FIELD_AGENTS },
        schema: {
          tags,
          description: "The signed-in agent's current Lagos day: scans and penalties added, payments by mode of payment, cash to hand in, the latest 30 items.",
          response: { 200: myDayResponse },
        },
      },
      async (request) => ({ data: await service.myDay(requireUser(request)) }),
    );
  };
}
