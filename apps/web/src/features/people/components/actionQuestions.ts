import { personName, type PersonRecord } from '@eticket/contracts';
import type { PersonAction } from '../queries.ts';

type Asked = Pick<PersonRecord, 'fullName' | 'isMotorist' | 'email'>;

/** What a confirmation asks, in words that fit the person (a motorist does not sign in: suspending stops payments). */
export const QUESTIONS: Record<PersonAction, (person: Asked) => string> = {
  approve: (person) => `Approve ${personName(person.fullName)}?`,
  suspend: (person) =>
    person.isMotorist
      ? `Suspend ${personName(person.fullName)}? No subscription or penalty payment is taken for a suspended motorist until approved again.`
      : `Suspend ${personName(person.fullName)}? They will be signed out and cannot sign in until approved again.`,
  delete: (person) => `Delete ${personName(person.fullName)}? They disappear from every list and cannot sign in.`,
  logout: (person) => `Sign ${personName(person.fullName)} out of every device now?`,
  resetCode: (person) =>
    `Send ${personName(person.fullName)} a password reset code at ${person.email}? The mail links to the page where they choose a new password; their current one works until then.`,
};
