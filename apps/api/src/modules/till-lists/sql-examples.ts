import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const limits = { lateHours: 6, limitHours: 24, limitKobo: 5_000_000 };

export default sqlExamples({
  methods: {
    openTills: [
      [{}, EXAMPLE.page, limits, EXAMPLE.now],
      [{ remitterIds: [EXAMPLE.id], from: EXAMPLE.earlier, to: EXAMPLE.now, overLimit: true }, EXAMPLE.page, limits, EXAMPLE.now],
    ],
    closes: [
      [{}, EXAMPLE.page],
      [{ status: 'pending', remitterIds: [EXAMPLE.id], varianceOnly: true, from: EXAMPLE.earlier, to: EXAMPLE.now }, EXAMPLE.page],
    ],
    close: [[EXAMPLE.id]],
    collectionsOf: [[EXAMPLE.id]],
    unlodged: [[10, limits, EXAMPLE.now]],
    collectionsByMode: [[EXAMPLE.day]],
    variances: [[EXAMPLE.earlier, EXAMPLE.now]],
  },
});
