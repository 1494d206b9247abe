import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const flag = {
  rule: 'late',
  subject: EXAMPLE.id,
  details: { hoursLate: 7, limitHours: 6 },
  agentId: EXAMPLE.otherId,
  scanId: EXAMPLE.id,
  motoristId: EXAMPLE.id,
  capturedAt: EXAMPLE.earlier,
  receivedAt: EXAMPLE.now,
};

export default sqlExamples({
  methods: {
    scanNeighbours: [[{ scanId: EXAMPLE.id, agentId: EXAMPLE.otherId, motoristId: EXAMPLE.id, at: EXAMPLE.now }, 10]],
    insertFlags: [[[flag]]],
    contactOf: [[EXAMPLE.otherId]],
    recordContact: [[EXAMPLE.otherId, EXAMPLE.now, 120]],
    page: [
      [{}, EXAMPLE.page],
      [{ rule: 'speed', status: 'open', agentId: EXAMPLE.otherId, from: EXAMPLE.earlier, to: EXAMPLE.now }, EXAMPLE.page],
    ],
    lookup: [[EXAMPLE.id]],
    review: [[EXAMPLE.id, 'confirmed', EXAMPLE.otherId, 'checked', EXAMPLE.now]],
    ruleCounts: [[]],
    agentCounts: [[20]],
  },
  functions: {
    fieldFlagsOn: 'the rules on a database: their SQL is the repository’s',
  },
});
