import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resetCodeEndpoints, type PersonActionResponse, type PersonList, type PersonRecord, type RegistrationKind, type RegistrationResponse } from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { api, call, type Envelope } from '../../lib/api.ts';
import { KINDS, type PeopleKind } from './kinds.ts';

export const peopleKeys = {
  all: ['people'] as const,
  list: (kind: PeopleKind) => ['people', 'list', kind] as const,
  detail: (id: string) => ['people', 'detail', id] as const,
};

/** GET /api/{kind}/user (agents: /api/agent/user?role=…): one page of a people list. */
export function peopleFetcher(kind: PeopleKind): FetchPage<PersonRecord> {
  const { listPath, agentRole } = KINDS[kind];
  return (query, signal) => api.get<PersonList>(listPath, { query: { ...query, role: agentRole }, signal });
}

/** GET /api/user/{id}/details; the row the list carried shows meanwhile. */
export function usePersonDetails(id: string, fromList?: PersonRecord) {
  return useQuery({
    queryKey: peopleKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<Envelope<PersonRecord>>(`/api/user/${id}/details`, { signal })).data,
    placeholderData: fromList?.id === id ? fromList : undefined,
  });
}

/** The actions of a people list row (spec section 4); forced logout is POST /api/logout/{id}. */
export const PERSON_ACTIONS = {
  approve: { path: 'approve', label: 'Approve' },
  suspend: { path: 'suspend', label: 'Suspend' },
  delete: { path: 'deleted', label: 'Delete' },
  logout: { path: 'logout', label: 'Force logout' },
  // POST /api/user/{id}/reset-code (issue 26), declared in contracts: called through call().
  resetCode: { path: null, label: 'Send reset code' },
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
      action === 'resetCode'
        ? call(resetCodeEndpoints.send, { params: { id } })
        : api.post<Partial<PersonActionResponse>>(`/api/${PERSON_ACTIONS[action].path}/${id}`),
    onSuccess: (_reply, { action, id }) => {
      const deletedPage = action === 'delete' ? JSON.stringify(peopleKeys.detail(id)) : null;
      return queryClient.invalidateQueries({ queryKey: peopleKeys.all, predicate: (query) => JSON.stringify(query.queryKey) !== deletedPage });
    },
  });
}

/**
 * POST /api/{kind}/register: multipart (FormData) for admin, manager, agent and motorist; JSON for
 * union users. A 201 reloads the lists.
 */
export function useRegisterPerson(kind: RegistrationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData | Record<string, string>) => api.post<RegistrationResponse>(`/api/${kind}/register`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
