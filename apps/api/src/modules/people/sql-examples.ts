import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

const user = {
  userCode: 'mot00002',
  passwordHash: 'example',
  fullName: 'Ada Example',
  email: 'chidi@example.test',
  phone: '08031234569',
  role: 'motorist',
  isMotorist: true,
  addedBy: EXAMPLE.otherId,
  registrationStatus: 'pending',
  privacyNoticeAt: EXAMPLE.now,
  createdAt: EXAMPLE.now,
  updatedAt: EXAMPLE.now,
};
const profile = {
  address: '1 Marina, Lagos',
  maritalStatus: null,
  idType: null,
  idFrontFile: null,
  idBackFile: null,
  gender: 'female',
  dob: '1990-01-01',
  route: 'yaba',
  serialId: null,
  portraitFile: null,
};
const guarantor = { name: 'Bola Example', phone: '08031234568', address: '2 Marina, Lagos', idType: null, frontFile: null, backFile: null };
const vehicle = { plateNumber: 'LAG 123 AB', vehicleType: 'keke', vehicleModel: null, requestedPlan: 'weekly' };
const motorists = { roles: ['motorist'] };
const everyFilter = {
  roles: ['motorist'],
  text: 'ada',
  status: 'approved',
  excludePending: true,
  online: true,
  createdFrom: EXAMPLE.earlier,
  createdBefore: EXAMPLE.now,
};

export default sqlExamples({
  methods: {
    findName: [[EXAMPLE.id]],
    findByUserCode: [[EXAMPLE.userCode]],
    insertPerson: [
      [{ user, profile, guarantor: null, vehicle }],
      [
        {
          user: { ...user, userCode: 'man00001', email: 'dayo@example.test', phone: '08031234570', role: 'manager', isMotorist: false },
          profile,
          guarantor,
          vehicle: null,
        },
      ],
    ],
    lockTarget: [[EXAMPLE.id]],
    approve: [[EXAMPLE.id, EXAMPLE.otherId, EXAMPLE.now]],
    suspend: [[EXAMPLE.id, EXAMPLE.otherId, EXAMPLE.now]],
    softDelete: [[EXAMPLE.id, EXAMPLE.now]],
    setTextLanguage: [[EXAMPLE.id, 'ha', EXAMPLE.now]],
    findAnswer: [[EXAMPLE.id, 'example']],
    list: [
      [motorists, EXAMPLE.page],
      [motorists, { limit: 20, offset: 40 }],
      [{ roles: ['motorist'], text: 'ada' }, EXAMPLE.page],
      [{ roles: ['remitter', 'registrar', 'enforcer'], status: 'pending' }, EXAMPLE.page],
      [everyFilter, EXAMPLE.page],
    ],
    batch: [
      [motorists, null, 500],
      [everyFilter, EXAMPLE.id, 500],
    ],
    find: [[EXAMPLE.id]],
  },
});
