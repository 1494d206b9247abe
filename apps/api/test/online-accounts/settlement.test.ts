import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.ts';
import { createMotorist, session, type Session } from '../tickets.ts';
import { suspenseItems } from '../../src/db/schema.ts';
import { lagosDay } from '../../src/domain/calendar.ts';
import { systemClock } from '../../src/lib/clock.ts';
import type { PaymentProvider } from '../../src/modules/online-payments/index.ts';
import { createPaystackClient } from '../../src/modules/online-payments/provider/paystack.ts';
import { startPaystackStandin, type PaystackStandin } from '../../src/modules/online-payments/provider/standin.ts';
import { onlineCredit } from '../../src/modules/suspense/index.ts';
import { customerEmail, DEFAULT_PREFERRED_BANK } from '../../src/modules/dedicated-accounts/index.ts';
import { createDedicatedAccountService, type DedicatedCharge } from '../../src/modules/dedicated-accounts/service.ts';

const SECRET = 'sk_test_settlement';
let ctx: TestContext;
let standin: PaystackStandin;
let provider: PaymentProvider;
let admin: Session;
let weeklyPlanId = '';

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: SECRET });
  provider = createPaystackClient({ secretKey: SECRET, baseUrl: standin.url });
  ctx = await createTestContext({ onlinePayments: { secretKey: SECRET, baseUrl: standin.url }, dedicatedAccounts: { preferredBank: DEFAULT_PREFERRED_BANK } });
  admin = await session(ctx, { role: 'admin' });
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'weekly', vehicleType: 'keke', price: 1500 },
  });
  weeklyPlanId = reply.json().data.id;
});
afterAll(async () => {
  await ctx?.close();
  await standin?.close();
});

const accounts = () =>
  createDedicatedAccountService({
    db: ctx.database.db,
    clock: systemClock,
    provider,
    preferredBank: DEFAULT_PREFERRED_BANK,
    emailOf: customerEmail(undefined),
    credit: onlineCredit({ clock: systemClock }),
  });

const refund = async (id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/suspense/${id}/refund`, headers: await admin.headers(), payload });

describe('settlement', () => {
  const today = () => lagosDay(new Date());
  const run = async () => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/settlement', headers: await admin.headers(), payload: { day: today() } });
    expect(reply.statusCode).toBe(201);
    return reply.json().data;
  };
  const charge = async (accountNumber: string, amountKobo: number): Promise<DedicatedCharge> => {
    const t = (await provider.verify(await standin.transfer(accountNumber, amountKobo)))!;
    return {
      reference: t.reference,
      amountKobo: t.amountKobo,
      currency: t.currency,
      receiverAccountNumber: t.receiverAccountNumber,
      paidAt: t.paidAt,
      channel: t.channel,
      payer: t.senderName,
    };
  };
  const apply = (c: DedicatedCharge) => ctx.database.db.transaction((tx) => accounts().applyCharge(tx, c));
  let accountNumber = '';

  it('a clean day: 0 unexplained kobo, the fees shown', async () => {
    const motorist = await createMotorist(ctx, 'keke');
    await accounts().assignWaiting();
    accountNumber = (await accounts().ofMotorist(motorist.id))!.accountNumber!;
    await apply(await charge(accountNumber, 150_000));
    // An odd amount goes to suspense, then is assigned the same day: still matched.
    const odd = await charge(accountNumber, 150_100);
    expect(await apply(odd)).toBe('suspense');
    const [item] = await ctx.database.db.select().from(suspenseItems).where(eq(suspenseItems.reference, odd.reference));
    expect((await refund(item.id, { refundReference: 'RF-odd', note: 'returned' })).statusCode).toBe(201);
    const day = await run();
    expect(day).toMatchObject({ unexplainedKobo: 0, providerCount: 2, ledgerCount: 2 });
    expect(day.differences.map((d: { kind: string }) => d.kind)).toEqual(['fees']);
    expect(day.fees).toBeGreaterThan(0);
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/settlement?day=${today()}`, headers: await admin.headers() });
    expect(stored.json().data.unexplainedKobo).toBe(0);
  });

  it('names each planted difference: credited here only, at the provider only, amount differs', async () => {
    // At the provider, never credited (its notification lost).
    const lost = await charge(accountNumber, 150_000);
    // Credited at another amount than the provider's.
    const altered = await charge(accountNumber, 150_000);
    await apply({ ...altered, amountKobo: 140_000 });
    // Credited here with a reference the provider does not know.
    const motorist = await createMotorist(ctx, 'keke');
    await ctx.database.db.transaction((tx) =>
      onlineCredit({ clock: systemClock })(tx, {
        motoristId: motorist.id,
        userCode: motorist.userCode,
        kind: 'subscription',
        planId: weeklyPlanId,
        amountKobo: 150_000,
        reference: 'NOT-AT-PROVIDER-1',
        paidAt: new Date(),
      }),
    );
    const day = await run();
    const byKind = Object.fromEntries(day.differences.map((d: { kind: string; reference: string | null }) => [d.kind, d.reference]));
    expect(byKind).toMatchObject({ 'provider-only': lost.reference, 'amount-differs': altered.reference, 'ledger-only': 'NOT-AT-PROVIDER-1', fees: null });
    expect(day.unexplainedKobo).toBe(150_000 + 10_000 + 150_000);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/settlement', headers: await admin.headers(), payload: { day: '2026-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('day');
  });
});
