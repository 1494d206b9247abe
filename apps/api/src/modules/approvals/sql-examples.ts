import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    insert: [
      [
        {
          kind: 'penalty-waive',
          payload: { subscriptionId: EXAMPLE.id, price: 0, reason: 'example' },
          subject: 'example',
          before: { outstandingPayment: 500 },
          after: { outstandingPayment: 0 },
          makerId: EXAMPLE.id,
          reason: 'example',
          at: EXAMPLE.now,
          expiresAt: EXAMPLE.now,
        },
      ],
    ],
    find: [[EXAMPLE.id]],
    lock: [[EXAMPLE.id]],
    decide: [[EXAMPLE.id, { state: 'approved', checkerId: EXAMPLE.otherId, comment: 'example', at: EXAMPLE.now }]],
    page: [
      [{ viewerId: EXAMPLE.id, kinds: ['penalty-waive', 'plan-price'] }, EXAMPLE.page],
      [{ viewerId: EXAMPLE.id, kinds: [], state: 'pending', mine: true }, EXAMPLE.page],
    ],
    pendingFor: [[EXAMPLE.id, ['penalty-waive', 'plan-price'], EXAMPLE.now]],
    expireDue: [[EXAMPLE.now]],
  },
  functions: {
    personLabel: [[EXAMPLE.id]],
  },
});
