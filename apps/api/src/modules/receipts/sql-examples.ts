import { sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    receipt: [
      ['SUB-000001', 'subscription'],
      ['PEN-000001', 'penalty'],
    ],
  },
});
