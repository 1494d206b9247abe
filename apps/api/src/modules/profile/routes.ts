import { MESSAGES, profileEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { ProfileService } from './service.ts';

export function profileRoutes(service: ProfileService) {
  return [
    implement(profileEndpoints.own, async (request) => ({ data: await service.own(requireUser(request)) })),
    implement(profileEndpoints.setLanguage, async (request) => ({ data: await service.setLanguage(requireUser(request), request.body.language) })),
    implement(profileEndpoints.update, async (request) => ({
      data: await service.update(requireUser(request), request.params.id, request.body),
      message: MESSAGES.profileUpdated,
    })),
  ];
}
