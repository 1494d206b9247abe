import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const account = {
  provider: 'paystack',
  accountNumber: '9000000001',
  accountName: 'LEVY/EXAMPLE ADA',
  bankName: 'Wema Bank',
  bankSlug: 'wema-bank',
  customerCode: 'CUS_example',
};

export default sqlExamples({
  methods: {
    ofMotorist: [[EXAMPLE.id]],
    request: [[EXAMPLE.id, EXAMPLE.now]],
    waiting: [[50, EXAMPLE.now]],
    waitingOne: [[EXAMPLE.id]],
    markAssigned: [[EXAMPLE.id, account, EXAMPLE.now]],
    markFailed: [[EXAMPLE.id, 'example', EXAMPLE.now]],
    ownerOf: [['9000000001']],
    lockTarget: [[EXAMPLE.id]],
    claimCharge: [
      [
        {
          reference: 'T0123456789abcdef',
          userId: EXAMPLE.id,
          accountNumber: '9000000001',
          amountKobo: 100_000,
          outcome: 'subscription',
          paidAt: EXAMPLE.now,
          appliedAt: EXAMPLE.now,
        },
      ],
    ],
    recordCharge: [['T0123456789abcdef', { outcome: 'subscription', paymentId: EXAMPLE.id, suspenseId: null }]],
    chargeOf: [['T0123456789abcdef']],
    dueForRequery: [[EXAMPLE.day, 200]],
    markRequeried: [[[EXAMPLE.id], EXAMPLE.day]],
  },
});
