import { privacyEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { originOf } from '../access-record/index.ts';
import type { PrivacyService } from './service.ts';

export interface NoticeSettings {
  levyName: string;
  dpoContact: string;
  deletedPersonDays: number;
  scanLocationDays: number;
}

/** A person's archive and requests (the super-admin's), and what the privacy notice names (anyone signed in). */
export function privacyRoutes(service: PrivacyService, notice: NoticeSettings) {
  return [
    implement(privacyEndpoints.archive, async (request) => ({ data: await service.archive(requireUser(request).id, request.params.id, originOf(request)) })),
    implement(privacyEndpoints.requests, async (request) => ({ data: { items: await service.requests(request.params.id) } })),
    implement(privacyEndpoints.recordRequest, async (request) => ({
      data: await service.recordRequest(requireUser(request).id, request.params.id, request.body),
      message: 'Request recorded',
    })),
    implement(privacyEndpoints.decideRequest, async (request) => ({
      data: await service.decideRequest(requireUser(request).id, request.params.id, request.params.requestId, request.body),
      message: 'Request decided',
    })),
    implement(privacyEndpoints.notice, async () => ({ data: notice })),
  ];
}
