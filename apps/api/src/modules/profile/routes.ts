import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, idParam, profile, profileUpdateRequest } from '@eticket/contracts';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.ts';
import type { ProfileService } from './service.ts';

export function profileRoutes(service: ProfileService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/profile',
      {
        config: { permission: { capability: 'profile', access: 'read' } },
        schema: { tags: ['profile'], response: { 200: z.object({ data: profile }) } },
      },
      async (request) => ({ data: await service.own(requireUser(request)) }),
    );

    app.post(
      '/api/profile/:id',
      {
        config: { permission: { capability: 'profile', access: 'write' } },
        schema: {
          tags: ['profile'],
          params: idParam,
          body: profileUpdateRequest,
          response: { 200: z.object({ data: profile, message: z.string() }) },
        },
      },
      async (request) => ({
        data: await service.update(requireUser(request), request.params.id, request.body),
        message: MESSAGES.profileUpdated,
      }),
    );
  };
}
