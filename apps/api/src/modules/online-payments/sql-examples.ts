import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const payment = {
  provider: 'paystack',
  reference: 'LV0123456789abcdef01234567',
  motoristId: EXAMPLE.id,
  kind: 'subscription',
  planId: EXAMPLE.id,
  amountKobo: 150_000,
  currency: 'NGN',
  phone: null,
  createdAt: EXAMPLE.now,
};

export default sqlExamples({
  methods: {
    payContext: [[EXAMPLE.userCode]],
    paidUntil: [['S-EXAMPLE']],
    insert: [[payment]],
    byReference: [['paystack', payment.reference]],
    settle: [[EXAMPLE.id, { status: 'credited', outcome: 'receipt S-EXAMPLE', receiptNo: 'S-EXAMPLE', channel: 'card', at: EXAMPLE.now }]],
    markChecked: [[EXAMPLE.id, EXAMPLE.now]],
    pending: [[EXAMPLE.now, 200]],
    keepEvent: [[{ provider: 'paystack', event: 'charge.success', reference: payment.reference, rawBody: '{}', remoteAddress: '127.0.0.1', at: EXAMPLE.now }]],
    keepRefused: [[{ provider: 'paystack', rawBody: '{}', remoteAddress: '127.0.0.1', outcome: 'refused: no signature', at: EXAMPLE.now }]],
    event: [[EXAMPLE.id]],
    markProcessed: [[EXAMPLE.id, 'credited', EXAMPLE.now]],
    unprocessed: [[EXAMPLE.now, 200]],
  },
});
