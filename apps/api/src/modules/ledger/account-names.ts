/** The fixed accounts in words, as the Books page and its report name them (docs/ledger.md's chart). */
export const FIXED_ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  'bank:levy': 'Levy bank account',
  'clearing:pos': 'Clearing: POS',
  'clearing:card': 'Clearing: card',
  'clearing:online': 'Clearing: online payments',
  suspense: 'Suspense',
  overage: 'Overages',
  'revenue:subscription': 'Revenue: subscriptions',
  'revenue:penalty': 'Revenue: penalties',
};
