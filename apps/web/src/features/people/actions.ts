import { mayDelete, mayManage, type PersonRecord, type TokenUser } from '@eticket/contracts';
import type { PersonAction } from './queries.ts';

/** Spec section 6: the Actions column is hidden for union and user. */
export function showsActionsColumn(viewer: Pick<TokenUser, 'role'>): boolean {
  return viewer.role !== 'union' && viewer.role !== 'user';
}

type ActionSource = Pick<PersonRecord, 'id' | 'role' | 'registrationStatus' | 'isDeleted' | 'online'>;

/**
 * The actions a row offers: approve unless approved, suspend unless suspended, delete unless
 * deleted, only for deletable roles and only to viewers who may delete (spec sections 4 and 6), force logout only when online; none on oneself or on people
 * the viewer may not manage (the server refuses those, so the console does not offer them).
 */
export function availableActions(viewer: TokenUser, person: ActionSource): PersonAction[] {
  if (!showsActionsColumn(viewer) || person.id === viewer.id || !mayManage(viewer, person.role)) return [];
  const actions: PersonAction[] = [];
  if (person.registrationStatus !== 'approved') actions.push('approve');
  if (person.registrationStatus !== 'suspended') actions.push('suspend');
  if (!person.isDeleted && mayDelete(viewer, person.role)) actions.push('delete');
  if (person.online) actions.push('logout');
  return actions;
}

/** Actions that take something away from the person: asked to confirm first. */
export const DESTRUCTIVE: ReadonlySet<PersonAction> = new Set(['suspend', 'delete', 'logout']);
