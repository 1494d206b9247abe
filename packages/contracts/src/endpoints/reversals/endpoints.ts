import { endpoint } from '../endpoint.ts';

const tags = ['reversals'];

/** A correction of the books: admins and the super-admin (capability books, write), as the ledger's integrity check. */
export const reverse = endpoint({
  method: 'POST',
  path: '/api/payment/:id/reverse',
  permission: { capability: 'books', access: 'write' },
  tags,
  description:
    'Reverses a payment recorded in error (id: a subscription or penalty payment), with a reason (required). In one transaction: ' +
    "a reversing ledger entry naming the payment's entry, the payment marked reversed (its amount unchanged), a subscription " +
    "payment's expiry taken back (later payments re-chained as if it never was), a penalty payment's penalty owed again, and an " +
    'audit row. A payment already reversed: 409. See docs/ledger.md, "Reversing a payment". When APPROVALS names payment-reversal ' +
    "(the default) the reversal is refused at once if it would be, else answers 202 with the request sent for a second person's approval.",
  params: 'idParam',
  body: 'paymentReverseRequest',
  response: { 200: 'paymentReverseResponse', 202: 'approvalSentResponse' },
});
