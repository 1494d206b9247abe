import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    insertCharge: [[{ vehicleType: 'keke', priceKobo: 50_000, at: EXAMPLE.now }]],
    chargeForType: [['keke']],
    lockCharge: [[EXAMPLE.id]],
    updateCharge: [[EXAMPLE.id, { vehicleType: 'keke', priceKobo: 60_000, at: EXAMPLE.now }]],
    recordAdjustment: [[{ subscriptionId: EXAMPLE.id, previousKobo: 50_000, newKobo: 0, adjustedBy: EXAMPLE.otherId, reason: 'example', at: EXAMPLE.now }]],
    ceilingFor: [[EXAMPLE.id]],
    listCharges: [[]],
    adjustmentsOf: [[EXAMPLE.id, EXAMPLE.page]],
  },
  functions: {
    penaltiesOn: 'the penalties service on a database: its SQL is its repository',
  },
});
