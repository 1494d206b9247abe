import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    setGraceDays: [[3]],
    insertPlan: [[{ name: 'daily', vehicleType: 'keke', priceKobo: 100_000, at: EXAMPLE.now }]],
    findPlan: [[EXAMPLE.id]],
    lockPlan: [[EXAMPLE.id]],
    updatePlan: [[EXAMPLE.id, { name: 'weekly', vehicleType: 'keke', priceKobo: 120_000, at: EXAMPLE.now }]],
    softDeletePlan: [[EXAMPLE.id, EXAMPLE.now]],
    ensureForMotorists: [[[EXAMPLE.id]], [[EXAMPLE.id, EXAMPLE.otherId], { planId: EXAMPLE.id, at: EXAMPLE.now }]],
    lock: [[EXAMPLE.id]],
    update: [
      [EXAMPLE.id, { planId: EXAMPLE.id, status: 'active', expiresAt: EXAMPLE.now, lastReceiptNo: 'SUB-000001', updatedAt: EXAMPLE.now }],
      [EXAMPLE.id, { outstandingPenaltyKobo: 0, updatedAt: EXAMPLE.now }],
    ],
    addPenalty: [[EXAMPLE.id, 50_000, EXAMPLE.now]],
    findWithPlans: [[{ ids: [EXAMPLE.id] }], [{ userIds: [EXAMPLE.id] }]],
    listPlans: [[], ['keke']],
  },
  functions: {
    subscriptionsOn: 'the subscriptions service on a database: its SQL is its repository',
  },
});
