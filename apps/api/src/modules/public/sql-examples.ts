import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    vehicle: [[EXAMPLE.userCode]],
    receipt: [
      ['SUB-000001', 'subscription'],
      ['PEN-000001', 'penalty'],
    ],
    agent: [[EXAMPLE.userCode]],
  },
});
