import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    list: [
      [{}, EXAMPLE.page],
      [{ from: EXAMPLE.earlier, before: EXAMPLE.now, action: 'person.approved', text: 'ada', recordId: EXAMPLE.id }, EXAMPLE.page],
    ],
    batch: [
      [{}, null, 500],
      [{ text: 'ada' }, EXAMPLE.id, 500],
    ],
  },
});
