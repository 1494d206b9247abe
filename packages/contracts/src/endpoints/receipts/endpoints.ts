import { endpoint } from '../endpoint.ts';

const tags = ['receipts'];

export const receipt = endpoint({
  method: 'GET',
  path: '/api/receipts/:no',
  // Whoever may read the payment lists: a subscription payment's receipt needs 'transactions', a penalty payment's either.
  permission: { capability: ['transactions', 'penalty'], access: 'read' },
  tags,
  description:
    "A payment's receipt for printing (the console's A5 and 58 mm layouts) by number, read as the public check reads it: amount, mode, plan or penalty, " +
    "the new expiry or the penalty left, plate, the motorist's and the collecting remitter's names and Unique IDs, when. " +
    "A subscription payment's needs 'transactions'; an unknown, malformed or failed payment's number: 404.",
  params: 'receiptParam',
  response: { 200: 'printableReceiptReply', 404: 'messageResponse' },
});
