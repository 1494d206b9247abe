import { EXAMPLE, sqlExamples } from '../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    save: [[{ agentId: EXAMPLE.otherId, key: 'example', operation: 'scan', requestHash: 'example', statusCode: 201, response: {}, at: EXAMPLE.now }]],
    find: [[EXAMPLE.otherId, 'example']],
    findMany: [[EXAMPLE.otherId, ['example', 'another']]],
  },
  functions: {
    auditWriter: 'recordAudit bound to a transaction',
    recordAudit: [
      [
        {
          actorId: EXAMPLE.otherId,
          action: 'person.approved',
          entityType: 'person',
          entityId: EXAMPLE.id,
          before: { registrationStatus: 'pending' },
          after: { registrationStatus: 'approved' },
          at: EXAMPLE.now,
        },
      ],
    ],
    compactCounts: [[{ now: () => EXAMPLE.now }]],
    pruneIdempotencyKeys: [[EXAMPLE.now, 7]],
    prepareShape: "prepares the statement its caller built: that SQL is in the caller's module's file",
    prepareSql: "prepares the SQL its caller wrote: that SQL is in the caller's module's file",
    vacuumLikeAutovacuum:
      "reads pg_stat_user_tables, then runs VACUUM or ANALYZE on the tables that need it: which ones depends on the database's state, not the code's",
  },
});
