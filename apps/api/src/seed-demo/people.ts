// The demo's staff, agents and unions, registered on the first morning; and how anyone registers in it.
import { adminRegistration, agentRegistration, managerRegistration, unionRegistration, type Department, type UnionRole } from '@eticket/contracts';
import type { Database } from '../db/connect.ts';
import { newUserCode } from '../domain/codes.ts';
import { personOf, type Registration } from '../modules/people/registration/person.ts';
import { createPeopleRepository } from '../modules/people/repository.ts';
import { seedStakeholders, type DemoUnion } from './allocation.ts';
import { DAY, type DemoStory } from './story.ts';

export const ROUTES = [
  'oshodi - ikeja',
  'yaba - obalende',
  'ojota - ketu',
  'ikorodu - mile 12',
  'ajah - lekki',
  'mushin - idumota',
  'agege - abule egba',
  'surulere - costain',
  'festac - mile 2',
  'iyana ipaja - egbeda',
];
export const FIRST = [
  'adebayo',
  'chinedu',
  'emeka',
  'tunde',
  'ibrahim',
  'musa',
  'segun',
  'kelechi',
  'femi',
  'yusuf',
  'olumide',
  'obinna',
  'aliyu',
  'kunle',
  'uche',
  'ayodele',
  'babatunde',
  'ngozi',
  'funmilayo',
  'aisha',
  'chioma',
  'bisi',
  'halima',
  'yetunde',
  'amaka',
  'blessing',
  'kehinde',
  'taiwo',
  'sunday',
  'godwin',
  'nnamdi',
  'abdul',
  'sani',
  'rotimi',
  'gbenga',
  'ifeanyi',
  'chukwuma',
  'dayo',
  'lanre',
  'wale',
];
export const LAST = [
  'okafor',
  'adeyemi',
  'balogun',
  'okonkwo',
  'bello',
  'abubakar',
  'eze',
  'ogunleye',
  'nwosu',
  'adebisi',
  'lawal',
  'ibekwe',
  'olawale',
  'danjuma',
  'afolabi',
  'onyeka',
  'salami',
  'okeke',
  'oyelaran',
  'akinola',
  'ogundipe',
  'uzor',
  'yakubu',
  'fashola',
  'ajayi',
  'obi',
  'chukwu',
  'adewale',
  'oni',
  'ekwueme',
];

export interface Agent {
  id: string;
  userCode: string;
  email: string;
}

export type DemoStaff = Awaited<ReturnType<typeof seedStaff>>;

export const emailOf = (label: string) => `${label}@demo.eticketing.ng`;

/** Registers a person as the API does (personOf and the people repository), approved unless told not to. */
async function registerPerson(story: DemoStory, tx: Database, registration: Registration, addedBy: string, at: Date, approve = true): Promise<Agent> {
  const userCode = newUserCode();
  const people = createPeopleRepository(tx);
  const { id } = await people.insertPerson(personOf(registration, {}, { userCode, passwordHash: story.passwordHash, addedBy, at }));
  if (approve) await people.approve(id, story.superAdmin.id, new Date(at.getTime() + story.random.int(10, 180) * 60_000));
  return { id, userCode, email: registration.input.email };
}

/** Admins, managers of each department, agents of each role and the unions (each a stakeholder), on the first morning. */
export async function seedStaff(story: DemoStory) {
  const { random, superAdmin, demoPassword, clock } = story;
  let serial = 0;
  const phone = () => `0809${String((serial += 1)).padStart(7, '0')}`;
  const name = () => `${random.pick(FIRST)} ${random.pick(LAST)}`;
  const register = (tx: Database, registration: Registration, addedBy: string, at: Date, approve = true) =>
    registerPerson(story, tx, registration, addedBy, at, approve);
  return story.db.transaction(async (tx) => {
    const at = clock.now();
    const common = (label: string) => ({ email: emailOf(label), password: demoPassword, fullName: name(), phone: phone() });
    const guarantor = () => ({
      guarantorsName: name(),
      guarantorsPhone: phone(),
      guarantorsAddress: `${random.int(1, 90)} ${random.pick(['allen avenue', 'adeniran ogunsanya street', 'awolowo road', 'bode thomas street'])}, lagos`,
      guarantorsIDType: 'nin',
    });
    const admins: Agent[] = [];
    for (let i = 1; i <= 2; i += 1) {
      admins.push(
        await register(
          tx,
          {
            kind: 'admin',
            input: adminRegistration.parse({ ...common(`admin${i}`), idType: 'nin', maritalStatus: 'married', address: 'alausa secretariat, ikeja' }),
          },
          superAdmin.id,
          at,
        ),
      );
    }
    const managers: Record<Department, Agent[]> = { 'registrar-manager': [], 'enforcer-manager': [], 'remitter-manager': [] };
    for (const department of Object.keys(managers) as Department[]) {
      for (let i = 1; i <= 2; i += 1) {
        const label = `${department}${i}`;
        managers[department].push(
          await register(
            tx,
            {
              kind: 'manager',
              input: managerRegistration.parse({
                ...common(label),
                address: 'alausa secretariat, ikeja',
                department,
                maritalStatus: 'married',
                idType: 'nin',
                ...guarantor(),
              }),
            },
            admins[0].id,
            at,
          ),
        );
      }
    }
    const agents = { registrar: [] as Agent[], enforcer: [] as Agent[], remitter: [] as Agent[] };
    const counts = { registrar: 6, enforcer: 14, remitter: 14 };
    for (const role of ['registrar', 'enforcer', 'remitter'] as const) {
      for (let i = 1; i <= counts[role]; i += 1) {
        agents[role].push(
          await register(
            tx,
            {
              kind: 'agent',
              input: agentRegistration.parse({
                ...common(`${role}${i}`),
                address: `${random.int(1, 60)} ikorodu road, lagos`,
                route: random.pick(ROUTES),
                role,
                maritalStatus: random.pick(['single', 'married']),
                idType: 'nin',
                ...guarantor(),
              }),
            },
            admins[0].id,
            at,
          ),
        );
      }
    }
    // One pending registrar and one suspended enforcer, for the lists' filters.
    await register(
      tx,
      {
        kind: 'agent',
        input: agentRegistration.parse({
          ...common('registrar-pending'),
          address: '5 ikorodu road, lagos',
          route: ROUTES[0],
          role: 'registrar',
          ...guarantor(),
        }),
      },
      admins[0].id,
      at,
      false,
    );
    const suspended = await register(
      tx,
      {
        kind: 'agent',
        input: agentRegistration.parse({
          ...common('enforcer-suspended'),
          address: '7 ikorodu road, lagos',
          route: ROUTES[1],
          role: 'enforcer',
          ...guarantor(),
        }),
      },
      admins[0].id,
      at,
    );
    await createPeopleRepository(tx).suspend(suspended.id, admins[0].id, new Date(at.getTime() + DAY));
    const unions: DemoUnion[] = [];
    const unionSpecs: Array<[UnionRole, string]> = [
      ['keke', 'keke riders association of lagos'],
      ['bus', 'road transport employers association'],
      ['bike', 'okada riders union'],
      ['shareholder', 'e-ticketing ventures ltd'],
      ['government', 'lagos state government'],
      ['others', 'lagos parks management'],
    ];
    for (const [role, unionName] of unionSpecs) {
      const union = await register(tx, { kind: 'union', input: unionRegistration.parse({ ...common(`union-${role}`), role, unionName }) }, superAdmin.id, at);
      unions.push({ id: union.id, role, unionName });
    }
    // Each union's share of the revenue and its bank account, set up that morning.
    await seedStakeholders(tx, clock, admins[0], unions);
    return { admins, managers, agents, unions };
  });
}
