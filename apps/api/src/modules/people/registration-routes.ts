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
  registrationResponse,
  unionRegistration,
  type Capability,
} from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { readMultipartForm } from '../../platform/http/multipart.ts';
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
  `${REGISTRATION_IMAGE_FIELDS[kind].join(', ')} (jpeg, png or webp, at most 5 MB each, optional).`;

/** POST /api/{admin,manager,agent,motorist}/register (multipart) and /api/union/register (json). */
export function registrationRoutes(service: RegistrationService) {
  return async (root: FastifyInstance) => {
    await root.register(multipart);
    const app = root.withTypeProvider<ZodTypeProvider>();

    async function registerFromForm(kind: MultipartKind, request: FastifyRequest, reply: FastifyReply) {
      const form = await readMultipartForm(request, REGISTRATION_IMAGE_FIELDS[kind]);
      const input = parseOrRefuse(MULTIPART_FORMS[kind].schema, form.fields);
      const data = await service.register(requireUser(request), { kind, input } as Registration, form.files);
      return reply.code(201).send({ message: PEOPLE_MESSAGES.registered[kind], data });
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
            response: { 201: registrationResponse },
          },
        },
        (request, reply) => registerFromForm(kind, request, reply),
      );
    }

    app.post(
      '/api/union/register',
      {
        config: { permission: { capability: 'unions', access: 'write' } },
        schema: { tags: ['people'], body: unionRegistration, response: { 201: registrationResponse } },
      },
      async (request, reply) => {
        const data = await service.register(requireUser(request), { kind: 'union', input: request.body }, new Map());
        return reply.code(201).send({ message: PEOPLE_MESSAGES.registered.union, data });
      },
    );
  };
}
