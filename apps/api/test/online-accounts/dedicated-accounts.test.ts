import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.ts';
import { createMotorist, session, type Session } from '../tickets.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { dedicatedCharges, penaltyPayments, smsMessages, subscriptionPayments, suspenseItems, ticketSubscriptions } from '../../src/db/schema.ts';
import { systemClock } from '../../src/lib/clock.ts';
import type { PaymentProvider } from '../../src/modules/online-payments/index.ts';
import { createPaystackClient } from '../../src/modules/online-payments/provider/paystack.ts';
import { startPaystackStandin, type PaystackStandin } from '../../src/modules/online-payments/provider/standin.ts';

import { onlineCredit } from '../../src/modules/suspense/index.ts';
import { openSubscriptions } from '../../src/modules/subscriptions/index.ts';
import { customerEmail, DEFAULT_PREFERRED_BANK } from '../../src/modules/dedicated-accounts/index.ts';
import { createDedicatedAccountService, type DedicatedCharge } from '../../src/modules/dedicated-accounts/service.ts';

const SECRET = 'sk_test_dedicated_accounts';
let ctx: TestContext;
let standin: PaystackStandin;
let provider: PaymentProvider;
let admin: Session;
let weeklyPlanId = '';

const serviceOn = (db: DatabaseHandle['db']) =>
  createDedicatedAccountService({
    db,
    clock: systemClock,
    provider,
    preferredBank: DEFAULT_PREFERRED_BANK,
    emailOf: customerEmail(undefined),
    credit: onlineCredit({ clock: systemClock }),
  });

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: SECRET });
  provider = createPaystackClient({ secretKey: SECRET, baseUrl: standin.url });
  ctx = await createTestContext({ onlinePayments: { secretKey: SECRET, baseUrl: standin.url }, dedicatedAccounts: { preferredBank: DEFAULT_PREFERRED_BANK } });
  admin = await session(ctx, { role: 'admin' });
  for (const [name, price] of [
    ['weekly', 1500],
    ['monthly', 5000],
  ] as const) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: await admin.headers(),
      payload: { name, vehicleType: 'keke', price },
    });
    if (name === 'weekly') weeklyPlanId = reply.json().data.id;
  }
});
afterAll(async () => {
  await ctx?.close();
  await standin?.close();
});

/** An approved keke motorist with their account made (the assignment job's work). */
async function motoristWithAccount() {
  const motorist = await createMotorist(ctx, 'keke');
  await serviceOn(ctx.database.db).assignWaiting();
  const account = await serviceOn(ctx.database.db).ofMotorist(motorist.id);
  if (account?.status !== 'assigned' || !account.accountNumber) throw new Error(`no account for ${motorist.userCode}: ${account?.failure}`);
  return { ...motorist, accountNumber: account.accountNumber };
}

/** A transfer at the stand-in, as the webhook would hand it over (the provider's own word, by verify). */
async function transferOf(accountNumber: string, amountKobo: number): Promise<DedicatedCharge> {
  const reference = await standin.transfer(accountNumber, amountKobo);
  const t = await provider.verify(reference);
  if (!t) throw new Error('stand-in lost the transfer');
  return {
    reference: t.reference,
    amountKobo: t.amountKobo,
    currency: t.currency,
    receiverAccountNumber: t.receiverAccountNumber,
    paidAt: t.paidAt,
    channel: t.channel,
    payer: t.senderName,
  };
}

const apply = (charge: DedicatedCharge, db = ctx.database.db) => db.transaction((tx) => serviceOn(db).applyCharge(tx, charge));

async function ledgerBalance(code: string): Promise<number> {
  const [row] = await rowsOf<{ balance: string }>(
    ctx.database.db,
    sql`SELECT coalesce(sum(amount_kobo), 0)::text AS balance FROM ledger_lines WHERE account_code = ${code}`,
  );
  return Number(row.balance);
}
async function ledgerTotal(): Promise<number> {
  const [row] = await rowsOf<{ total: string }>(ctx.database.db, sql`SELECT coalesce(sum(amount_kobo), 0)::text AS total FROM ledger_lines`);
  return Number(row.total);
}

describe('dedicated accounts', () => {
  it('approving a motorist asks for an account; the job makes it, the console shows it and a text gives it', async () => {
    const motorist = await createMotorist(ctx, 'keke', { registrationStatus: 'pending' });
    const before = await ctx.app.inject({ method: 'GET', url: `/api/dedicated-accounts/${motorist.id}`, headers: await admin.headers() });
    expect(before.json()).toEqual({ enabled: true, data: null });
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/approve/${motorist.id}`, headers: await admin.headers() });
    expect(approved.statusCode).toBeLessThan(300);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/dedicated-accounts/${motorist.id}`, headers: await admin.headers() })).json().data).toMatchObject({
      status: 'requested',
    });
    expect(await serviceOn(ctx.database.db).assignWaiting()).toMatch(/assigned/);
    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/dedicated-accounts/${motorist.id}`, headers: await admin.headers() })).json().data;
    expect(shown).toMatchObject({ status: 'assigned', bankName: 'Wema Bank', accountNumber: expect.stringMatching(/^\d{10}$/) });
    const texts = await ctx.database.db.select().from(smsMessages).where(eq(smsMessages.motoristId, motorist.id));
    expect(texts.map((t) => t.kind)).toEqual(['dedicated_account']);
    expect(texts[0].body).toContain(shown.accountNumber);
    // Asked again from the console: the same account, no second text.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/dedicated-accounts/${motorist.id}`, headers: await admin.headers() });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.accountNumber).toBe(shown.accountNumber);
  });

  it('the console assigns one on demand; a pending motorist is refused with a 409', async () => {
    const pending = await createMotorist(ctx, 'keke', { registrationStatus: 'pending' });
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/dedicated-accounts/${pending.id}`, headers: await admin.headers() });
    expect(refused.statusCode).toBe(409);
    const motorist = await createMotorist(ctx, 'keke');
    const made = await ctx.app.inject({ method: 'POST', url: `/api/dedicated-accounts/${motorist.id}`, headers: await admin.headers() });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ status: 'assigned' });
  });

  it('a transfer of exactly a plan price buys that plan: receipt, mode transfer with the reference, clearing:online debited', async () => {
    const motorist = await motoristWithAccount();
    const clearing = await ledgerBalance('clearing:online');
    const charge = await transferOf(motorist.accountNumber, 150_000);
    expect(await apply(charge)).toBe('subscription');
    const payments = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motorist.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      planId: weeklyPlanId,
      amountKobo: 150_000,
      modeOfPayment: 'transfer',
      reference: `paystack:${charge.reference}`,
      status: 'success',
    });
    expect(payments[0].receiptNo).toBeTruthy();
    expect(await ledgerBalance('clearing:online')).toBe(clearing + 150_000);
    const [claim] = await ctx.database.db.select().from(dedicatedCharges).where(eq(dedicatedCharges.reference, charge.reference));
    expect(claim).toMatchObject({ outcome: 'subscription', paymentId: payments[0].id });
  });

  it('a transfer of exactly the outstanding penalty pays it', async () => {
    const motorist = await motoristWithAccount();
    await openSubscriptions(ctx.database.db, [motorist.id]);
    await ctx.database.db.update(ticketSubscriptions).set({ outstandingPenaltyKobo: 70_000 }).where(eq(ticketSubscriptions.userId, motorist.id));
    expect(await apply(await transferOf(motorist.accountNumber, 70_000))).toBe('penalty');
    const [paid] = await ctx.database.db.select().from(penaltyPayments).where(eq(penaltyPayments.motoristId, motorist.id));
    expect(paid).toMatchObject({ amountKobo: 70_000, outstandingAfterKobo: 0, modeOfPayment: 'transfer' });
    const [subscription] = await ctx.database.db.select().from(ticketSubscriptions).where(eq(ticketSubscriptions.userId, motorist.id));
    expect(subscription.outstandingPenaltyKobo).toBe(0);
  });

  it('any other amount goes to suspense with the reason, posted clearing:online → suspense', async () => {
    const motorist = await motoristWithAccount();
    const suspense = await ledgerBalance('suspense');
    const charge = await transferOf(motorist.accountNumber, 123_400);
    expect(await apply(charge)).toBe('suspense');
    const [item] = await ctx.database.db.select().from(suspenseItems).where(eq(suspenseItems.reference, charge.reference));
    expect(item).toMatchObject({ amountKobo: 123_400, reason: 'unmatched', motoristId: motorist.id, status: 'open', channel: 'dedicated_nuban' });
    expect(item.detail).toContain("neither a plan's price");
    expect(await ledgerBalance('suspense')).toBe(suspense - 123_400);
    expect(await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motorist.id))).toHaveLength(0);
  });

  it('a suspended motorist’s transfer goes to suspense as refused', async () => {
    const motorist = await motoristWithAccount();
    await ctx.database.db.execute(sql`UPDATE users SET registration_status = 'suspended' WHERE id = ${motorist.id}::uuid`);
    const charge = await transferOf(motorist.accountNumber, 150_000);
    expect(await apply(charge)).toBe('suspense');
    const [item] = await ctx.database.db.select().from(suspenseItems).where(eq(suspenseItems.reference, charge.reference));
    expect(item.reason).toBe('refused');
  });

  it('the same transfer applied three times credits once', async () => {
    const motorist = await motoristWithAccount();
    const charge = await transferOf(motorist.accountNumber, 150_000);
    expect([await apply(charge), await apply(charge), await apply(charge)]).toEqual(['subscription', 'duplicate', 'duplicate']);
    expect(await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motorist.id))).toHaveLength(1);
  });

  it('the same transfer at two processes at once credits once', async () => {
    const second = ctx.databaseUrl ? await connectDatabase({ url: ctx.databaseUrl, searchPath: 'public', poolSize: 4 }) : ctx.database;
    try {
      for (const amount of [150_000, 99_900]) {
        const motorist = await motoristWithAccount();
        const charge = await transferOf(motorist.accountNumber, amount);
        const outcomes = await Promise.all([apply(charge), apply(charge, second.db)]);
        expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(1);
        const payments = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motorist.id));
        const items = await ctx.database.db.select().from(suspenseItems).where(eq(suspenseItems.reference, charge.reference));
        expect(payments.length + items.length).toBe(1);
      }
    } finally {
      if (second !== ctx.database) await second.close();
    }
  });

  it('the daily requery asks the provider once per account per day', async () => {
    await motoristWithAccount();
    const first = await serviceOn(ctx.database.db).requery(new Date());
    expect(first).toMatch(/^[1-9]\d* accounts requeried/);
    expect(await serviceOn(ctx.database.db).requery(new Date())).toMatch(/^0 accounts requeried/);
  });

  it('through the webhook: each transfer delivered three times and out of order credits once; a wrong amount goes to suspense', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    standin.webhookUrl = `${address}/webhooks/paystack`;
    try {
      const motorist = await motoristWithAccount();
      Object.assign(standin.mode, { repeat: 3, hold: true });
      const paid = await standin.transfer(motorist.accountNumber, 150_000);
      const odd = await standin.transfer(motorist.accountNumber, 150_050);
      await standin.flush();
      for (let i = 0; i < 200; i++) {
        const claims = await ctx.database.db.select().from(dedicatedCharges).where(eq(dedicatedCharges.userId, motorist.id));
        if (claims.length === 2 && claims.every((c) => c.paymentId || c.suspenseId)) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const payments = await ctx.database.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.motoristId, motorist.id));
      expect(payments.map((p) => p.reference)).toEqual([`paystack:${paid}`]);
      const [item] = await ctx.database.db.select().from(suspenseItems).where(eq(suspenseItems.reference, odd));
      expect(item).toMatchObject({ amountKobo: 150_050, reason: 'unmatched', status: 'open' });
    } finally {
      Object.assign(standin.mode, { repeat: 1, hold: false });
      standin.webhookUrl = undefined;
    }
  });

  it('keeps the ledger summing to zero over any run of transfers', async () => {
    const motorist = await motoristWithAccount();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(150_000, 500_000, 1, 42_000, 150_001), { minLength: 1, maxLength: 4 }), async (amounts) => {
        for (const amount of amounts) await apply(await transferOf(motorist.accountNumber, amount));
        expect(await ledgerTotal()).toBe(0);
      }),
      { numRuns: 5 },
    );
  });
});
