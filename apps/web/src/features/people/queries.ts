import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authEndpoints,
  peopleEndpoints,
  resetCodeEndpoints,
  type EndpointInput,
  type PersonActionResponse,
  type PersonRecord,
  type RegistrationKind,
  type RegistrationResponse,
} from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import type { PeopleKind } from './kinds.ts';

export const peopleKeys = {
  all: ['people'] as const,
  list: (kind: PeopleKind) => ['people', 'list', kind] as const,
  detail: (id: string) => ['people', 'detail', id] as const,
};

/** GET /api/user/{id}/details; the row the list carried shows meanwhile. */
export function usePersonDetails(id: string, fromList?: PersonRecord) {
  return useQuery({
    queryKey: peopleKeys.detail(id),
    queryFn: async ({ signal }) => (await call(peopleEndpoints.detail, { params: { id } }, { signal })).data,
    placeholderData: fromList?.id === id ? fromList : undefined,
  });
}

/** The actions of a people list row (spec section 4); forced logout is POST /api/logout/{id}. */
export const PERSON_ACTIONS = {
  approve: { endpoint: peopleEndpoints.approve, label: 'Approve' },
  suspend: { endpoint: peopleEndpoints.suspend, label: 'Suspend' },
  delete: { endpoint: peopleEndpoints.remove, label: 'Delete' },
  logout: { endpoint: authEndpoints.logout, label: 'Force logout' },
  // POST /api/user/{id}/reset-code (issue 26).
  resetCode: { endpoint: resetCodeEndpoints.send, label: 'Send reset code' },
} as const;
export type PersonAction = keyof typeof PERSON_ACTIONS;

/**
 * Runs an action; on success every people list and detail reloads as it stands. A deleted person's
 * own page is not reloaded (it would be a 404 that replaced the page, and its buttons, before their
 * toast and the way back); that page leaves itself.
 */
export function usePersonAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: PersonAction; id: string }): Promise<Partial<PersonActionResponse>> =>
      call(PERSON_ACTIONS[action].endpoint, { params: { id } }),
    onSuccess: (_reply, { action, id }) => {
      const deletedPage = action === 'delete' ? JSON.stringify(peopleKeys.detail(id)) : null;
      return queryClient.invalidateQueries({ queryKey: peopleKeys.all, predicate: (query) => JSON.stringify(query.queryKey) !== deletedPage });
    },
  });
}

/** The multipart registrations (the union's is JSON). */
const FORM_REGISTRATIONS = {
  admin: peopleEndpoints.registerAdmin,
  manager: peopleEndpoints.registerManager,
  agent: peopleEndpoints.registerAgent,
  motorist: peopleEndpoints.registerMotorist,
} as const;

/** The union form's fields, checked by the form (payload.ts) and again by the server. */
type UnionRegistrationBody = EndpointInput<typeof peopleEndpoints.registerUnion>['body'];

/**
 * POST /api/{kind}/register: multipart (FormData) for admin, manager, agent and motorist; JSON for
 * union users. A 201 reloads the lists.
 */
export function useRegisterPerson(kind: RegistrationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData | Record<string, string>): Promise<RegistrationResponse> =>
      kind === 'union' || !(body instanceof FormData)
        ? call(peopleEndpoints.registerUnion, { body: body as UnionRegistrationBody })
        : call(FORM_REGISTRATIONS[kind], { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
