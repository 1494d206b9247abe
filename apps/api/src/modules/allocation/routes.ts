import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALLOCATION_MESSAGES,
  allocationQuery,
  allocationResponse,
  bankListResponse,
  idParam,
  payoutCreateRequest,
  payoutListQuery,
  payoutListResponse,
  payoutResponse,
  searchForBankQuery,
  searchForBankResponse,
  stakeholderCreateRequest,
  stakeholderDetailResponse,
  stakeholderListResponse,
  stakeholderResponse,
  stakeholderUpdateRequest,
} from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { resolveRange } from '../../lists/date-range.ts';
import type { AllocationService } from './service.ts';

const read = { capability: 'allocation', access: 'read' } as const;
const write = { capability: 'allocation', access: 'write' } as const;

export function allocationRoutes(service: AllocationService, clock: Clock) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['allocation'];

    app.get(
      '/api/banks',
      {
        config: { permission: read },
        schema: { tags, description: 'Banks for the allocation modal (from the configured bank provider).', response: { 200: bankListResponse } },
      },
      async () => ({ data: await service.listBanks() }),
    );

    app.get(
      '/api/searchForBank',
      {
        config: { permission: read },
        schema: {
          tags,
          description: 'Account-name lookup. The account number is checked (NUBAN check digit) before the bank provider is asked.',
          querystring: searchForBankQuery,
          response: { 200: searchForBankResponse },
        },
      },
      async (request) => {
        const data = await service.searchForBank(request.query.bank_code, request.query.accountNumber);
        return { data, accountName: data.accountName };
      },
    );

    app.get(
      '/api/stakeholders',
      { config: { permission: read }, schema: { tags, response: { 200: stakeholderListResponse } } },
      async () => service.list(),
    );

    app.post(
      '/api/stakeholders',
      {
        config: { permission: write },
        schema: { tags, body: stakeholderCreateRequest, response: { 201: stakeholderResponse } },
      },
      async (request, reply) => {
        const data = await service.create(requireUser(request), request.body);
        return reply.code(201).send({ data, message: ALLOCATION_MESSAGES.stakeholderCreated });
      },
    );

    app.patch(
      '/api/stakeholders/:id',
      {
        config: { permission: write },
        schema: {
          tags,
          description: 'Changes the percentage only. Answers 201, as the allocation modal expects for both create and update (spec section 4).',
          params: idParam,
          body: stakeholderUpdateRequest,
          response: { 201: stakeholderResponse },
        },
      },
      async (request, reply) => {
        const data = await service.updatePercentage(requireUser(request), request.params.id, request.body.percentage);
        return reply.code(201).send({ data, message: ALLOCATION_MESSAGES.stakeholderUpdated });
      },
    );

    app.get(
      '/api/stakeholders/:id',
      {
        config: { permission: read },
        schema: { tags, params: idParam, querystring: allocationQuery, response: { 200: stakeholderDetailResponse } },
      },
      async (request) => ({ data: await service.detail(request.params.id, resolveRange(request.query, clock.now())) }),
    );

    app.get(
      '/api/stakeholders/:id/payouts',
      {
        config: { permission: read },
        schema: { tags, params: idParam, querystring: payoutListQuery, response: { 200: payoutListResponse } },
      },
      async (request) =>
        service.payouts(request.params.id, resolveRange(request.query, clock.now()), request.query.page, request.query.limit),
    );

    app.post(
      '/api/stakeholders/:id/payouts',
      {
        config: { permission: write },
        schema: { tags, params: idParam, body: payoutCreateRequest, response: { 201: payoutResponse } },
      },
      async (request, reply) => {
        const data = await service.recordPayout(requireUser(request), request.params.id, request.body);
        return reply.code(201).send({ data, message: ALLOCATION_MESSAGES.payoutRecorded });
      },
    );

    app.get(
      '/api/allocation',
      {
        config: { permission: read },
        schema: {
          tags,
          description: "Every stakeholder with its expected amount, amount paid and difference for the range (whole Lagos days).",
          querystring: allocationQuery,
          response: { 200: allocationResponse },
        },
      },
      async (request) => service.allocation(resolveRange(request.query, clock.now())),
    );
  };
}
