// The field journeys' server (scripts/e2e-server.mjs field): the accounts, motorists and prices of
// support/fixtures.ts in a fresh database, serving the field app's build (FIELD_DIST names another
// build: npm run bench:field builds its own).
import { penaltyCharges, subscriptionPlans, users, vehicles } from '../../api/src/db/schema.ts';
import { newUserCode } from '../../api/src/domain/codes.ts';
import { hashPassword } from '../../api/src/platform/credentials/passwords.ts';
import {
  AGENTS,
  BUS_DRIVER,
  KEKE_PENALTY,
  NEW_RIDER,
  PENDING_RIDER,
  WEEKLY_RIDER,
  LANGUAGE_RIDERS,
  LEVY_NAME,
  MOTORISTS,
  PASSWORD,
  PLANS,
  TILL_RIDERS,
} from './support/fixtures.ts';

async function seed(database) {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date();
  const registered = new Date(now.getTime() - 10 * 24 * 3600_000);
  await database.db.insert(users).values(
    Object.values(AGENTS).map((agent, index) => ({
      userCode: newUserCode(),
      fullName: agent.fullName,
      email: agent.email,
      phone: `+23480200${String(index).padStart(5, '0')}`,
      passwordHash,
      role: agent.role,
      agentRole: agent.agentRole ?? null,
      department: agent.department ?? null,
      registrationStatus: 'approved',
    })),
  );
  const riders = [...MOTORISTS, BUS_DRIVER, PENDING_RIDER, WEEKLY_RIDER, NEW_RIDER, ...TILL_RIDERS, ...LANGUAGE_RIDERS];
  const motorists = await database.db
    .insert(users)
    .values(
      riders.map((m, index) => ({
        userCode: m.userCode,
        fullName: m.fullName,
        email: `${m.userCode}@field.test`,
        phone: `+23480300${String(index).padStart(5, '0')}`,
        passwordHash,
        role: 'motorist',
        isMotorist: true,
        registrationStatus: m === PENDING_RIDER ? 'pending' : 'approved',
        createdAt: m === NEW_RIDER ? now : registered,
        updatedAt: m === NEW_RIDER ? now : registered,
      })),
    )
    .returning({ id: users.id, userCode: users.userCode });
  await database.db.insert(vehicles).values(
    motorists.map((m) => ({
      userId: m.id,
      plateNumber: riders.find((x) => x.userCode === m.userCode).plateNumber,
      vehicleType: m.userCode === BUS_DRIVER.userCode ? 'bus' : 'keke',
      vehicleModel: 'tvs king',
    })),
  );
  await database.db
    .insert(subscriptionPlans)
    .values(PLANS.map((p) => ({ name: p.name, vehicleType: p.vehicleType, priceKobo: p.price * 100, createdAt: now, updatedAt: now })));
  await database.db.insert(penaltyCharges).values({ vehicleType: 'keke', priceKobo: KEKE_PENALTY * 100, createdAt: now, updatedAt: now });
}

export default {
  seed,
  build: { dist: process.env.FIELD_DIST ?? 'apps/field/dist', servedAs: 'FIELD_DIST' },
  // APPROVALS empty: the till close journey's approval is the spec's direct one (docs/approvals.md).
  env: { SEED_ADMIN_PASSWORD: PASSWORD, LEVY_NAME, APPROVALS: '' },
};
