import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const message = { kind: 'receipt', motoristId: EXAMPLE.id, toPhone: '2348031234567', body: 'example', receiptNo: 'SUB-000001', at: EXAMPLE.now };

export default sqlExamples({
  methods: {
    queue: [[message]],
    queueMany: [[[message, { ...message, kind: 'expiry_reminder', receiptNo: undefined, subscriptionId: EXAMPLE.id, expiresAt: '2026-03-08 09:00:00+00' }]]],
    claimDue: [[EXAMPLE.now, 60_000, 20]],
    textLanguageOf: [[EXAMPLE.id]],
    markSent: [[EXAMPLE.id, EXAMPLE.now, 'termii', 'example']],
    markAttemptFailed: [[EXAMPLE.id, 'example', EXAMPLE.now]],
    reminderCandidates: [[EXAMPLE.now, 3 * 24 * 60 * 60 * 1000, 100]],
  },
});
