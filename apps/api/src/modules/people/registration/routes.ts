import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PEOPLE_MESSAGES,
  REGISTRATION_IMAGE_FIELDS,
  adminRegistration,
  agentRegistration,
  managerRegistration,
  motoristRegistration,
  peopleEndpoints,
} from '@eticket/contracts';
import { requireUser } from '../../../platform/http/auth.ts';
import { implement } from '../../../platform/http/endpoints.ts';
import { parseOrRefuse } from '../../../platform/http/errors.ts';
import { readMultipartForm } from '../../../platform/http/multipart.ts';
import { sendIdempotent } from '../../../platform/idempotency/index.ts';
import type { Registration } from './person.ts';
import type { RegistrationService } from './service.ts';

type MultipartKind = Exclude<Registration['kind'], 'union'>;

const FORM_SCHEMAS = {
  admin: adminRegistration,
  manager: managerRegistration,
  agent: agentRegistration,
  motorist: motoristRegistration,
} as const satisfies Record<MultipartKind, unknown>;

/**
 * POST /api/{admin,manager,agent,motorist}/register (multipart) and /api/union/register (json). The
 * multipart ones need @fastify/multipart registered where they are (modules/people/index.ts).
 */
export function registrationRoutes(service: RegistrationService) {
  async function registerFromForm(kind: MultipartKind, request: FastifyRequest<{ Headers: { 'idempotency-key'?: string } }>, reply: FastifyReply) {
    const form = await readMultipartForm(request, REGISTRATION_IMAGE_FIELDS[kind]);
    const input = parseOrRefuse(FORM_SCHEMAS[kind], form.fields);
    const result = await service.register(requireUser(request), { kind, input } as Registration, form.files, request.headers['idempotency-key']);
    return sendIdempotent(reply, result, { message: PEOPLE_MESSAGES.registered[kind], data: result.body });
  }

  return [
    implement(peopleEndpoints.registerAdmin, (request, reply) => registerFromForm('admin', request, reply)),
    implement(peopleEndpoints.registerManager, (request, reply) => registerFromForm('manager', request, reply)),
    implement(peopleEndpoints.registerAgent, (request, reply) => registerFromForm('agent', request, reply)),
    implement(peopleEndpoints.registerMotorist, (request, reply) => registerFromForm('motorist', request, reply)),
    implement(peopleEndpoints.registerUnion, async (request) => {
      const { body: data } = await service.register(requireUser(request), { kind: 'union', input: request.body }, new Map());
      return { message: PEOPLE_MESSAGES.registered.union, data };
    }),
  ];
}
