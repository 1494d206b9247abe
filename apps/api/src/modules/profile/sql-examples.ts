import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

export default sqlExamples({
  methods: {
    find: [[EXAMPLE.id], [EXAMPLE.id, { lock: true }]],
    setLanguage: [[EXAMPLE.id, 'yo']],
    update: [[EXAMPLE.id, { fullName: 'ada example', phone: '08031234567', maritalStatus: 'single', address: '1 marina, lagos' }, EXAMPLE.now]],
  },
});
