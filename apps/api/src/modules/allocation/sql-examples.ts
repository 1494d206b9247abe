import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    findUnion: [[EXAMPLE.id]],
    list: [[]],
    find: [[EXAMPLE.id]],
    findByUnion: [[EXAMPLE.id]],
    allocatedTenths: [[]],
    create: [
      [
        {
          unionId: EXAMPLE.id,
          percentageTenths: 100,
          bankCode: '058',
          bankName: 'example',
          accountNumber: '0123456789',
          accountName: 'example',
          createdBy: EXAMPLE.id,
          at: EXAMPLE.now,
        },
      ],
    ],
    updatePercentage: [[EXAMPLE.id, 10, EXAMPLE.now]],
    subscriptionRevenue: [[EXAMPLE.firstDay, EXAMPLE.day]],
    payoutTotals: [[EXAMPLE.firstDay, EXAMPLE.day]],
    payoutTotal: [[EXAMPLE.id, EXAMPLE.firstDay, EXAMPLE.day]],
    payouts: [[EXAMPLE.id, EXAMPLE.firstDay, EXAMPLE.day, 20]],
    insertPayout: [[{ stakeholderId: EXAMPLE.id, amountKobo: 100_000, paidOn: EXAMPLE.day, reference: 'example', recordedBy: EXAMPLE.id, at: EXAMPLE.now }]],
  },
});
