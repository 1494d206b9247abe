import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';
import { disputeQueries, type NewDispute } from './repository.ts';

const dispute = (reference: string): NewDispute => ({
  reference,
  source: 'vehicle',
  sourceCode: EXAMPLE.userCode,
  motoristId: EXAMPLE.id,
  agentId: null,
  receiptNo: null,
  scanId: null,
  reason: 'paid_but_stopped',
  description: 'example',
  phone: '2348031234567',
  language: 'yo',
  at: EXAMPLE.now,
});
const filter = { dueBefore: EXAMPLE.earlier };

export default sqlExamples({
  methods: {
    page: [
      [filter, EXAMPLE.page],
      [{ ...filter, state: 'open', reason: 'other', age: 'overdue', search: 'dsp-abcdefgh', from: EXAMPLE.earlier, to: EXAMPLE.now }, EXAMPLE.page],
      [{ ...filter, age: 'due' }, EXAMPLE.page],
    ],
    lookup: [[EXAMPLE.id]],
    vehicleLinks: [[EXAMPLE.userCode, EXAMPLE.earlier, EXAMPLE.now]],
    receiptLinks: [['SUB-000001']],
    agentLinks: [['rem00001']],
    insert: [[dispute('DSP-AAAAAAAA')]],
    notes: [[EXAMPLE.id]],
    addNote: [[{ disputeId: EXAMPLE.id, authorId: EXAMPLE.otherId, body: 'example', at: EXAMPLE.now }]],
    assignees: [[]],
    summary: [[EXAMPLE.earlier, EXAMPLE.earlier]],
    erasePhones: [[EXAMPLE.earlier]],
  },
  calls: {
    'transaction: lock, assign, resolve and queue the outcome text of one dispute': async (db) => {
      const queries = disputeQueries(db);
      const id = await queries.insert(dispute('DSP-BBBBBBBB'));
      if (!id) return;
      await queries.transaction(async (unit) => {
        await unit.disputes.lock(id);
        await unit.disputes.assign(id, EXAMPLE.otherId, EXAMPLE.now);
        await unit.disputes.resolve(id, { outcome: 'upheld', outcomeText: 'example', by: EXAMPLE.otherId, now: EXAMPLE.now });
        await unit.disputes.queueText({ disputeId: id, toPhone: '2348031234567', body: 'example', at: EXAMPLE.now });
      });
    },
  },
});
