import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const close = {
  remitterId: EXAMPLE.id,
  expectedKobo: 100_000,
  countedKobo: 100_000,
  lodgementKind: 'deposit',
  bankName: 'example',
  tellerNo: '123456',
  lodgedOn: EXAMPLE.day,
  slipFile: null,
  transferReference: null,
  capturedAt: EXAMPLE.now,
  receivedAt: EXAMPLE.now,
  idempotencyKey: 'example',
};

export default sqlExamples({
  methods: {
    lockCurrentTill: [[EXAMPLE.id, EXAMPLE.now]],
    unlodged: [[EXAMPLE.id]],
    addCash: [[EXAMPLE.id, 100_000, EXAMPLE.now]],
    claimReference: [['transfer', 'REF123', 'subscription', EXAMPLE.id]],
    findKey: [[EXAMPLE.id, 'example']],
    openCash: [[EXAMPLE.id, 6]],
    lockOpenTills: [[EXAMPLE.id]],
    cashOf: [[[EXAMPLE.id, EXAMPLE.otherId]]],
    pendingCloseOf: [[EXAMPLE.id]],
    rejectedLatest: [[EXAMPLE.id]],
    insertClose: [[close]],
    markClosing: [[[EXAMPLE.id], EXAMPLE.otherId]],
    lockClose: [[EXAMPLE.id]],
    decide: [
      [EXAMPLE.id, { status: 'approved', decidedBy: EXAMPLE.otherId, decidedAt: EXAMPLE.now, reason: null, varianceKobo: null }],
      [EXAMPLE.id, { status: 'rejected', decidedBy: EXAMPLE.otherId, decidedAt: EXAMPLE.now, reason: 'example', varianceKobo: -1_000 }],
    ],
    closeTillsOf: [[EXAMPLE.id]],
    reopenTillsOf: [[EXAMPLE.id]],
    fullNameOf: [[EXAMPLE.id]],
  },
});
