import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PEOPLE_MESSAGES,
  REGISTRATION_IMAGE_FIELDS,
  adminRegistration,
  agentRegistration,
  managerRegistration,
  motoristRegistration,
  optionalIdempotencyHeaders,
  registrationResponse,
  unionRegistration,
  type Capability,
} from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { readMultipartForm } from '../../platform/http/multipart.ts';
import { sendIdempotent } from '../../platform/idempotency/index.ts';
import { parseOrRefuse } from './parse.ts';
import type { Registration } from './registration.ts';
import type { RegistrationService } from './registration-service.ts';

type MultipartKind = Exclude<Registration['kind'], 'union'>;

const MULTIPART_FORMS = {
  admin: { schema: adminRegistration, capability: 'admins' },
  manager: { schema: managerRegistration, capability: 'managers' },
  agent: { schema: agentRegistration, capability: ['remitters', 'enforcers', 'registrars'] },
  motorist: { schema: motoristRegistration, capability: 'motorists' },
} as const satisfies Record<MultipartKind, { schema: unknown; capability: Capability | readonly Capability[] }>;

const formDescription = (kind: MultipartKind) =>
  `multipart/form-data: the text fields of ${kind}Registration in the contracts, and the images ` +
  `${REGISTRATION_IMAGE_FIELDS[kind].join(', ')} (jpeg, png or webp, at most 5 MB each, optional). ` +
  'An optional Idempotency-Key header (a phone sending its queue) makes a repeat answer the first registration and record nothing new.';

/** POST /api/{admin,manager,agent,motorist}/register (multipart) and /api/union/register (json). */
export function registrationRoutes(service: RegistrationService) {
  return async (root: FastifyInstance) => {
    await root.register(multipart);
    const app = root.withTypeProvider<ZodTypeProvider>();

    async function registerFromForm(kind: MultipartKind, request: FastifyRequest, reply: FastifyReply, idempotencyKey: string | undefined) {
      const form = await readMultipartForm(request, REGISTRATION_IMAGE_FIELDS[kind]);
      const input = parseOrRefuse(MULTIPART_FORMS[kind].schema, form.fields);
      const result = await service.register(requireUser(request), { kind, input } as Registration, form.files, idempotencyKey);
      return sendIdempotent(reply, result, { message: PEOPLE_MESSAGES.registered[kind], data: result.body });
    }

    for (const kind of Object.keys(MULTIPART_FORMS) as MultipartKind[]) {
      app.post(
        `/api/${kind}/register`,
        {
          config: { permission: { capability: MULTIPART_FORMS[kind].capability, access: 'write' } },
          schema: {
            tags: ['people'],
            description: formDescription(kind),
            consumes: ['multipart/form-data'],
            headers: optionalIdempotencyHeaders,
            response: { 201: registrationResponse },
          },
        },
        (request, reply) => registerFromForm(kind, request, reply, request.headers['idempotency-key']),
      );
    }

    app.post(
      '/api/union/register',
      {
        config: { permission: { capability: 'unions', access: 'write' } },
        schema: { tags: ['people'], body: unionRegistration, response: { 201: registrationResponse } },
      },
      async (request, reply) => {
        const { body: data } = await service.register(requireUser(request), { kind: 'union', input: request.body }, new Map());
        return reply.code(201).send({ message: PEOPLE_MESSAGES.registered.union, data });
      },
    );
  };
}
