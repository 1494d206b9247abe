import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    page: [
      [{}, { offset: 0, limit: 20 }],
      [{ status: 'open' }, { offset: 0, limit: 20 }],
    ],
    batch: 'the suspense list is not exported',
    lookup: [[EXAMPLE.id]],
    insert: [
      [
        {
          provider: 'paystack',
          reference: 'T0123456789abcdef',
          amountKobo: 150_000,
          currency: 'NGN',
          reason: 'unmatched',
          detail: '',
          motoristId: EXAMPLE.id,
          payer: 'ADA OKAFOR (Access Bank)',
          channel: 'dedicated_nuban',
          occurredAt: EXAMPLE.now,
          receivedAt: EXAMPLE.now,
        },
      ],
    ],
  },
  functions: {
    ensureOnlinePaymentsUser: [[]],
  },
});
