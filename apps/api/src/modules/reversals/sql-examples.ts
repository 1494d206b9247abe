import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const reversal = {
  paymentKind: 'subscription',
  paymentId: EXAMPLE.id,
  receiptNo: 'S-EXAMPLE',
  amountKobo: 100_000,
  reason: 'example',
  reversedBy: EXAMPLE.otherId,
  reversedAt: EXAMPLE.now,
  entryId: EXAMPLE.id,
  reversalEntryId: EXAMPLE.otherId,
  expiresBefore: EXAMPLE.now,
  expiresAfter: EXAMPLE.earlier,
  outstandingBeforeKobo: null,
  outstandingAfterKobo: null,
};

export default sqlExamples({
  methods: {
    payment: [
      [EXAMPLE.id, false],
      [EXAMPLE.id, true],
    ],
    markReversed: [
      ['subscription', EXAMPLE.id],
      ['penalty', EXAMPLE.id],
    ],
    chainAfter: [[EXAMPLE.id, EXAMPLE.earlier]],
    lastPayment: [[EXAMPLE.id]],
    rechain: [[[{ id: EXAMPLE.id, expiresBefore: EXAMPLE.earlier, expiresAfter: EXAMPLE.now }]]],
    postReversal: [[{ kind: 'subscription', id: EXAMPLE.id }, 'example', EXAMPLE.now, EXAMPLE.otherId]],
    insert: [[reversal]],
    reversalOf: [[EXAMPLE.id]],
  },
});
