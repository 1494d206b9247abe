import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    findSignInCandidate: [['example']],
    findActiveByEmail: [['ada@example.test']],
    loadSessionUser: [[EXAMPLE.id]],
    markSignedIn: [[EXAMPLE.id, EXAMPLE.now]],
    findActiveById: [[EXAMPLE.id]],
    changePassword: [[EXAMPLE.id, 'example', EXAMPLE.now]],
    endSessions: [
      [EXAMPLE.id, EXAMPLE.now],
      [EXAMPLE.id, EXAMPLE.now, true],
    ],
    lockPersonRole: [[EXAMPLE.id]],
    queueResetRequest: [[{ id: EXAMPLE.id, email: 'ada@example.test', at: EXAMPLE.now }]],
    claimResetRequests: [[EXAMPLE.now, 60_000, 20]],
    dropResetRequest: [[EXAMPLE.id]],
    storeResetCode: [[{ id: EXAMPLE.id, userId: EXAMPLE.otherId, codeHash: 'example', expiresAt: EXAMPLE.now, at: EXAMPLE.now }]],
    takeResetTry: [[EXAMPLE.id, EXAMPLE.now, 5]],
    completeReset: [[{ resetId: EXAMPLE.id, userId: EXAMPLE.otherId, passwordHash: 'example', at: EXAMPLE.now }]],
    take: [[[{ key: 'login:example', limit: 5, windowMs: 900_000 }], EXAMPLE.now]],
    release: [[['login:example']]],
  },
  functions: {
    pruneThrottleRows: [[EXAMPLE.now]],
    sessionUserLoader: 'answers authQueries.loadSessionUser',
  },
});
