import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const match = {
  providerCount: 1,
  providerKobo: 100_000,
  ledgerCount: 1,
  ledgerKobo: 100_000,
  feesKobo: 1_500,
  settledKobo: 98_500,
  unexplainedKobo: 0,
  differences: [{ kind: 'fees', reference: null, ledgerKobo: 0, providerKobo: 1_500, message: 'Provider fees: ₦15.00' }],
};

export default sqlExamples({
  methods: {
    ledgerCredits: [[EXAMPLE.earlier, EXAMPLE.now]],
    save: [[EXAMPLE.day, 'paystack', EXAMPLE.now, match]],
    day: [[EXAMPLE.day]],
    latest: [[]],
  },
});
