import { DEPARTMENT_LABELS, type PersonalField, type PersonRecord } from '@eticket/contracts';

/** Spec "User detail": missing values show ***. */
export const MISSING = '***';

export function orMissing(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? MISSING : String(value);
}

/** What the page shows of a field the server held back until Show. */
export const HIDDEN = 'Hidden: press Show';

/** A value, or HIDDEN when the server held `field` back. */
export function unlessHidden<T>(person: Pick<PersonRecord, 'personalData'>, field: PersonalField, value: T): T | string {
  return person.personalData.hidden.includes(field) ? HIDDEN : value;
}

/** The role as the detail page names it: a manager by department, a union user by union role. */
export function roleLabel(person: Pick<PersonRecord, 'role' | 'department' | 'unionRole'>): string {
  if (person.department) return `${DEPARTMENT_LABELS[person.department]} manager`;
  if (person.unionRole) return `${person.role} (${person.unionRole})`;
  return person.role;
}

/** Vehicle holders and field agents show TIN, route, gender and date of birth (spec). */
export function showsPersonalDetails(person: Pick<PersonRecord, 'isMotorist' | 'vehicle' | 'agentRole'>): boolean {
  return person.isMotorist || person.vehicle !== null || person.agentRole !== null;
}
