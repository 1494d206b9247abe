import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const look = {
  staffId: EXAMPLE.otherId,
  personId: EXAMPLE.id,
  action: 'details-view',
  fields: ['email', 'phone'],
  subject: null,
  origin: { ip: '127.0.0.1', userAgent: 'example' },
  at: EXAMPLE.now,
};

export default sqlExamples({
  methods: {
    list: [
      [{}, EXAMPLE.page],
      [{ personId: EXAMPLE.id, staffId: EXAMPLE.otherId, action: 'details-view', from: EXAMPLE.earlier, before: EXAMPLE.now, text: 'ada' }, EXAMPLE.page],
    ],
  },
  functions: {
    createAccessRecorder: [[[look]]],
    recordLooks: [[[look, { ...look, personId: null, action: 'export', subject: 'motorists' }]]],
  },
});
