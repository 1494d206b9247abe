import type { PersonRecord } from '@eticket/contracts';
import { NOT_AVAILABLE } from '../../lib/format.ts';

type StatusSource = Pick<PersonRecord, 'registrationStatus' | 'approvedByName' | 'suspendedByName'>;

/** Spec section 4: 'Approved by {name or N/A}', 'Pending', 'Suspended by {name or N/A}', else 'Unknown'. */
export function statusLabel(person: StatusSource): string {
  switch (person.registrationStatus) {
    case 'approved':
      return `Approved by ${person.approvedByName ?? NOT_AVAILABLE}`;
    case 'pending':
      return 'Pending';
    case 'suspended':
      return `Suspended by ${person.suspendedByName ?? NOT_AVAILABLE}`;
    default:
      return 'Unknown';
  }
}

export const STATUS_COLOR: Record<string, string> = { approved: 'green', pending: 'yellow', suspended: 'red' };
