import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';
import { ACCOUNTS } from './postings.ts';

const entry = {
  kind: 'subscription_payment',
  sourceId: EXAMPLE.id,
  memo: 'example',
  occurredAt: EXAMPLE.now,
  postedBy: EXAMPLE.otherId,
  lines: [
    { account: ACCOUNTS.levyBank, amountKobo: 100_000 },
    { account: ACCOUNTS.revenue.subscription, amountKobo: -100_000 },
  ],
};
const check = {
  startedAt: EXAMPLE.earlier,
  finishedAt: EXAMPLE.now,
  trigger: 'nightly',
  requestedBy: null,
  ok: true,
  entries: 1,
  lines: 2,
  differences: [],
  differenceCount: 0,
};

export default sqlExamples({
  methods: {
    post: [[entry]],
    reverse: [[EXAMPLE.id, 'example', EXAMPLE.now, EXAMPLE.id]],
    entryOf: [['subscription_payment', EXAMPLE.id]],
    size: [[]],
    recordDifferences: [[]],
    unbalancedEntries: [[]],
    balanceDifferences: [[]],
    tillTotalDifferences: [[]],
    dayTotalDifferences: [[]],
    total: [[]],
    saveCheck: [[check]],
    lastCheck: [[]],
    balances: [[EXAMPLE.page], [{ ...EXAMPLE.page, kind: 'till' }]],
    dayTotals: [[EXAMPLE.firstDay, EXAMPLE.day]],
    compact: [[EXAMPLE.day]],
    accounts: [[]],
  },
});
