// Spec section 4's status text; the CSV export writes the same.
export { personStatusLabel as statusLabel } from '@eticket/contracts';

export const STATUS_COLOR: Record<string, string> = { approved: 'green', pending: 'yellow', suspended: 'red' };
