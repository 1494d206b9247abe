import { mayDelete, mayManage, maySendResetCode, type PersonRecord, type TokenUser } from '@eticket/contracts';
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
  if (!showsActionsColumn(viewer) || person.id === viewer.id) return [];
  const actions: PersonAction[] = [];
  if (mayManage(viewer, person.role)) {
    if (person.registrationStatus !== 'approved') actions.push('approve');
    if (person.registrationStatus !== 'suspended') actions.push('suspend');
    if (!person.isDeleted && mayDelete(viewer, person.role)) actions.push('delete');
    if (person.online) actions.push('logout');
  }
  // Issue 26: a reset code, to an approved staff member the viewer may send one to (the server's rule).
  if (person.registrationStatus === 'approved' && !person.isDeleted && maySendResetCode(viewer, person.role)) actions.push('resetCode');
  return actions;
}

/** Actions that take something away from the person: shown in red, asked to confirm first. */
export const DESTRUCTIVE: ReadonlySet<PersonAction> = new Set(['suspend', 'delete', 'logout']);

/** Actions asked to confirm first: the destructive ones, and sending a reset code (a mail to someone). */
export const CONFIRMED: ReadonlySet<PersonAction> = new Set([...DESTRUCTIVE, 'resetCode']);
