// The console journeys' server (scripts/e2e-server.mjs web): one account of each role
// (fixtures/accounts.ts) in a fresh database, serving the console's build.
import { users } from '../../api/src/db/schema.ts';
import { newUserCode } from '../../api/src/domain/codes.ts';
import { hashPassword } from '../../api/src/platform/credentials/passwords.ts';
import { seedSuperAdmin } from '../../api/src/seed-admin.ts';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';

async function seed(database) {
  const { superAdmin, ...others } = ACCOUNTS;
  await seedSuperAdmin(database.db, { email: superAdmin.email, password: E2E_PASSWORD });
  const passwordHash = await hashPassword(E2E_PASSWORD);
  await database.db.insert(users).values(
    Object.values(others).map((account, index) => ({
      userCode: newUserCode(),
      fullName: account.fullName,
      email: account.email,
      phone: `+23480100${String(index).padStart(5, '0')}`,
      passwordHash,
      role: account.role,
      department: account.department ?? null,
      agentRole: account.agentRole ?? null,
      unionRole: account.unionRole ?? null,
      unionName: account.unionName ?? null,
      isMotorist: account.isMotorist ?? false,
      registrationStatus: account.registrationStatus ?? 'approved',
    })),
  );
}

export default {
  seed,
  build: { dist: 'apps/web/dist', servedAs: 'WEB_DIST' },
  env: {
    // Journeys running side by side record agents' work and read the rankings at once: rank afresh every time.
    RANKING_CACHE_SECONDS: '0',
    // The journeys register far more people with photos, as the fixture super-admin, than a person would.
    UPLOADS_PER_ACCOUNT: '10000',
    // And far more cash as the fixture remitter, never lodged: the ₦50,000 till limit would refuse later journeys' cash.
    TILL_CASH_LIMIT_NAIRA: '100000000',
    // Online payments through the Paystack stand-in that online-pay.spec.ts starts on this port (E2E_PAYSTACK_PORT, default 4150).
    PAYSTACK_SECRET_KEY: 'sk_test_e2estandin000000001',
    PAYSTACK_BASE_URL: `http://127.0.0.1:${process.env.E2E_PAYSTACK_PORT ?? 4150}`,
    // Banks from the offline directory, as the allocation journeys expect (the stand-in runs only for the pay journeys).
    BANK_LOOKUP: 'offline',
    SEED_ADMIN_EMAIL: ACCOUNTS.superAdmin.email,
    SEED_ADMIN_PASSWORD: E2E_PASSWORD,
  },
};
