import { PEOPLE_MESSAGES, peopleEndpoints } from '@eticket/contracts';
import { requireUser } from '../../../platform/http/auth.ts';
import { implement } from '../../../platform/http/endpoints.ts';
import type { PeopleActionService } from './service.ts';

/** POST /api/approve/{id}, /api/suspend/{id}, /api/deleted/{id}, /api/motorist/{id}/text-language (forced logout is /api/logout/{id}, in auth). */
export function actionRoutes(service: PeopleActionService) {
  return [
    implement(peopleEndpoints.approve, async (request) => ({
      message: PEOPLE_MESSAGES.approved,
      data: await service.approve(requireUser(request), request.params.id),
    })),
    implement(peopleEndpoints.suspend, async (request) => ({
      message: PEOPLE_MESSAGES.suspended,
      data: await service.suspend(requireUser(request), request.params.id),
    })),
    implement(peopleEndpoints.remove, async (request) => ({
      message: PEOPLE_MESSAGES.deleted,
      data: await service.remove(requireUser(request), request.params.id),
    })),
    implement(peopleEndpoints.textLanguage, async (request) => ({
      message: PEOPLE_MESSAGES.textLanguageChanged,
      data: await service.setTextLanguage(requireUser(request), request.params.id, request.body.textLanguage),
    })),
  ];
}
