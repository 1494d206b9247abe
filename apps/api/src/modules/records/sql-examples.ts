import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const range = { from: EXAMPLE.earlier, to: EXAMPLE.now, toExclusive: true };
const people = { motoristIds: [EXAMPLE.id], agentIds: [EXAMPLE.otherId] };
/** The shapes a payment list takes: none, a counted filter, a range, a search's people, everything. */
const paymentFilters = [
  {},
  { vehicleType: 'keke' },
  range,
  { people },
  {
    ...range,
    vehicleType: 'keke',
    planName: 'weekly',
    modeOfPayment: 'cash',
    status: 'success',
    remitterId: EXAMPLE.otherId,
    motoristId: EXAMPLE.id,
    receiptNo: 'SUB-000001',
  },
];
const scanFilters = [
  {},
  { subscriptionStatus: 'expired' },
  range,
  { people },
  { ...range, vehicleType: 'keke', subscriptionStatus: 'expired', motoristId: EXAMPLE.id },
];
const pages = (filters: object[]) => filters.map((filter) => [filter, EXAMPLE.page]);
const batches = (filters: object[]) => [
  [filters[0], null, 500],
  [filters[filters.length - 1], EXAMPLE.id, 500],
];

export default sqlExamples({
  methods: {
    listScans: pages(scanFilters),
    scanById: [[EXAMPLE.id]],
    scanBatch: batches(scanFilters),
    peopleWithCodePrefix: [['mot0']],
    peopleNamed: [['ada']],
    plateOwners: [['LAG 123']],
    subscriptionPaymentSummary: paymentFilters.map((filter) => [filter]),
    penaltyPaymentSummary: paymentFilters.map((filter) => [filter]),
    listSubscriptionPayments: pages(paymentFilters),
    subscriptionPaymentById: [[EXAMPLE.id]],
    listPenaltyPayments: pages(paymentFilters),
    penaltyPaymentById: [[EXAMPLE.id]],
    subscriptionPaymentBatch: batches(paymentFilters),
    penaltyPaymentBatch: batches(paymentFilters),
  },
  functions: {
    paymentQueries: "a payment table's queries: shown as recordQueries' payment methods",
  },
});
