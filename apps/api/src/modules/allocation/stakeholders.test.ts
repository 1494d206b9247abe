import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_MESSAGES, MESSAGES } from '@eticket/contracts';
import { controlledClock, createPerson, createTestContext, type PersonInput, type TestContext } from '../../../test/harness.ts';
import { session, type Session } from '../../../test/tickets.ts';
import { bankAccountsDirectory } from '../../db/schema.ts';
import { NIGERIAN_BANKS } from '../../adapters/banks/nigerian-banks.ts';
import { nubanCheckDigit } from '../../adapters/banks/nuban.ts';

let ctx: TestContext;
let superAdmin: Session;
const clock = controlledClock('2026-03-02T09:00:00Z'); // 10:00 in Lagos

/** A valid NUBAN at `bank` for a serial. */
const nuban = (bank: string, serial: string) => serial + nubanCheckDigit(bank, serial);
const KEKE_ACCOUNT = { bankName: 'Access Bank', accountNumber: '1482039577', accountName: 'LAGOS KEKE RIDERS UNION' };
const BUS_ACCOUNT = { bankName: 'Guaranty Trust Bank', accountNumber: '2274103851', accountName: 'LAGOS BUS OPERATORS UNION' };

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  superAdmin = await session(ctx, { role: 'super-admin' });
});
afterAll(async () => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, who: Session | null, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: who ? await who.headers() : {}, payload: payload as never });

const union = (unionRole: PersonInput['unionRole'], extra: Partial<PersonInput> = {}) =>
  createPerson(ctx, { role: 'union', unionRole, unionName: `${unionRole} union`, ...extra });

describe('who may use the allocation calls', () => {
  const routes: Array<['GET' | 'POST' | 'PATCH', string, unknown?]> = [
    ['GET', '/api/banks'],
    ['GET', '/api/searchForBank?bank_code=044&accountNumber=1482039577'],
    ['GET', '/api/stakeholders'],
    ['POST', '/api/stakeholders', { name: '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', ...KEKE_ACCOUNT, percentage: 5 }],
    ['PATCH', '/api/stakeholders/7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', { percentage: 5 }],
    ['GET', '/api/stakeholders/7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f'],
    ['GET', '/api/stakeholders/7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f/payouts'],
    ['POST', '/api/stakeholders/7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f/payouts', { amount: 1, date: '2026-03-01', reference: 'x' }],
    ['GET', '/api/allocation'],
  ];

  it('refuses every call without a session (401)', async () => {
    for (const [method, url, payload] of routes) {
      const reply = await call(method, url, null, payload);
      expect(reply.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each<[string, PersonInput]>([
    ['admin', { role: 'admin' }],
    ['a union', { role: 'union', unionRole: 'shareholder', unionName: 'owners' }],
    ['a remitter manager', { role: 'manager', department: 'remitter-manager' }],
    ['a registrar', { role: 'registrar' }],
  ])('refuses %s on every call (403)', async (_label, input) => {
    const who = await session(ctx, input);
    for (const [method, url, payload] of routes) {
      const reply = await call(method, url, who, payload);
      expect(reply.statusCode, `${method} ${url}`).toBe(403);
      expect(reply.json().message).toBe(MESSAGES.forbidden);
    }
  });
});

describe('banks and account-name lookup (offline provider)', () => {
  it('lists the bundled banks, code and name', async () => {
    const reply = await call('GET', '/api/banks', superAdmin);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual(NIGERIAN_BANKS);
    expect(reply.json().data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
  });

  it('answers an account in the directory with its name', async () => {
    const reply = await call('GET', '/api/searchForBank?bank_code=044&accountNumber=1482039577', superAdmin);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      data: { accountName: 'LAGOS KEKE RIDERS UNION', accountNumber: '1482039577', bankCode: '044', bankName: 'Access Bank' },
      accountName: 'LAGOS KEKE RIDERS UNION',
    });
  });

  it('says it could not resolve a valid number that is not in the directory (422)', async () => {
    const reply = await call('GET', `/api/searchForBank?bank_code=044&accountNumber=${nuban('044', '123456789')}`, superAdmin);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toMatch(/^Could not resolve the account name/);
  });

  it.each([
    ['bank_code=044&accountNumber=1482039576', 'accountNumber is not a valid account number for this bank (its check digit is wrong)'],
    ['bank_code=044&accountNumber=148203957', 'accountNumber must be 10 digits'],
    ['bank_code=044&accountNumber=14820395ab', 'accountNumber must be 10 digits'],
    ['bank_code=044', 'accountNumber is required'],
    ['accountNumber=1482039577', 'bank_code is required'],
    ['bank_code=44x&accountNumber=1482039577', 'bank_code must be a bank code of 3 to 6 digits'],
    ['bank_code=999&accountNumber=1482039577', `bank_code: ${ALLOCATION_MESSAGES.unknownBank}`],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    const reply = await call('GET', `/api/searchForBank?${query}`, superAdmin);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });
});

describe('stakeholders', () => {
  let kekeUnion: Awaited<ReturnType<typeof union>>;
  let busUnion: Awaited<ReturnType<typeof union>>;
  let kekeId: string;

  beforeAll(async () => {
    kekeUnion = await union('keke', { unionName: 'keke riders' });
    busUnion = await union('bus', { unionName: 'bus operators' });
  });

  it('assigns a percentage to a partner union (201): account resolved by the server, percentage stored in tenths', async () => {
    const reply = await call('POST', '/api/stakeholders', superAdmin, {
      name: kekeUnion.id,
      ...KEKE_ACCOUNT,
      accountName: 'whatever the browser showed',
      percentage: '12.5',
    });
    expect(reply.statusCode).toBe(201);
    const { data, message } = reply.json();
    expect(message).toBe(ALLOCATION_MESSAGES.stakeholderCreated);
    expect(data).toMatchObject({
      name: kekeUnion.id,
      partner: { id: kekeUnion.id, unionName: 'keke riders', unionRole: 'keke' },
      percentage: 12.5,
      bankCode: '044',
      bankName: 'Access Bank',
      accountNumber: '1482039577',
      accountName: 'LAGOS KEKE RIDERS UNION',
    });
    expect(data._id).toBe(data.id);
    kekeId = data.id;
  });

  it('takes the bank by code as well as by name', async () => {
    clock.advance(60_000);
    const reply = await call('POST', '/api/stakeholders', superAdmin, {
      name: busUnion.id,
      bankCode: '058',
      accountNumber: BUS_ACCOUNT.accountNumber,
      percentage: 30,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ bankName: 'Guaranty Trust Bank', accountName: 'LAGOS BUS OPERATORS UNION', percentage: 30 });
  });

  it('lists the allocations with the allocated and free percentages', async () => {
    const reply = await call('GET', '/api/stakeholders', superAdmin);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.data.map((s: { partner: { unionName: string }; percentage: number }) => [s.partner.unionName, s.percentage])).toEqual([
      ['keke riders', 12.5],
      ['bus operators', 30],
    ]);
    expect(body.totalPercentage).toBe(42.5);
    expect(body.remainingPercentage).toBe(57.5);
  });

  it('refuses a second allocation for the same union (409)', async () => {
    const reply = await call('POST', '/api/stakeholders', superAdmin, { name: kekeUnion.id, ...KEKE_ACCOUNT, percentage: 1 });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(ALLOCATION_MESSAGES.alreadyAllocated);
  });

  it.each<[string, unknown, string]>([
    ['below 0.1', 0.05, 'percentage must be between 0.1 and 80 in steps of 0.1'],
    ['above 80', 80.1, 'percentage must be between 0.1 and 80 in steps of 0.1'],
    ['not a step of 0.1', 12.34, 'percentage must be between 0.1 and 80 in steps of 0.1'],
    ['zero', 0, 'percentage must be between 0.1 and 80 in steps of 0.1'],
    ['negative', -5, 'percentage must be between 0.1 and 80 in steps of 0.1'],
    ['an empty string', '', 'percentage is required'],
    ['text', 'ten', 'percentage must be between 0.1 and 80 in steps of 0.1'],
    ['missing', undefined, 'percentage is required'],
  ])('refuses a percentage %s (400 naming percentage)', async (_label, percentage, message) => {
    const other = await union('others');
    const reply = await call('POST', '/api/stakeholders', superAdmin, { name: other.id, ...KEKE_ACCOUNT, percentage });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(message);
  });

  it('refuses a partner that is not an approved union, and bad account details, naming the field', async () => {
    const admin = await createPerson(ctx, { role: 'admin' });
    const pending = await union('others', { registrationStatus: 'pending' });
    const fresh = await union('government');
    const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
      [{ name: admin.id, ...KEKE_ACCOUNT, percentage: 1 }, 400, ALLOCATION_MESSAGES.notAUnion],
      [{ name: pending.id, ...KEKE_ACCOUNT, percentage: 1 }, 400, ALLOCATION_MESSAGES.notAUnion],
      [{ name: '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f', ...KEKE_ACCOUNT, percentage: 1 }, 400, ALLOCATION_MESSAGES.notAUnion],
      [{ name: 'not-an-id', ...KEKE_ACCOUNT, percentage: 1 }, 400, ALLOCATION_MESSAGES.notAUnion],
      [{ ...KEKE_ACCOUNT, percentage: 1 }, 400, 'name (the partner union) is required'],
      [{ name: fresh.id, accountNumber: KEKE_ACCOUNT.accountNumber, percentage: 1 }, 400, 'bankName is required'],
      [
        { name: fresh.id, bankName: 'Bank of Nowhere', accountNumber: KEKE_ACCOUNT.accountNumber, percentage: 1 },
        400,
        `bankName: ${ALLOCATION_MESSAGES.unknownBank}`,
      ],
      [{ name: fresh.id, bankName: 'Access Bank', accountNumber: '1482039576', percentage: 1 }, 400, /^accountNumber is not a valid account number/],
      [{ name: fresh.id, bankName: 'Access Bank', accountNumber: '12345', percentage: 1 }, 400, 'accountNumber must be 10 digits'],
      [{ name: fresh.id, bankName: 'Access Bank', accountNumber: nuban('044', '555555555'), percentage: 1 }, 422, /^Could not resolve the account name/],
    ];
    for (const [payload, status, message] of cases) {
      const reply = await call('POST', '/api/stakeholders', superAdmin, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(status);
      expect(reply.json().message).toMatch(message instanceof RegExp ? message : new RegExp(`^${message.replace(/[()]/g, '\\$&')}$`));
    }
    const list = await call('GET', '/api/stakeholders', superAdmin);
    expect(list.json().data).toHaveLength(2);
  });

  it('updates the percentage only (201, as the allocation modal expects)', async () => {
    const reply = await call('PATCH', `/api/stakeholders/${kekeId}`, superAdmin, { percentage: 20, accountNumber: '0000000000' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ message: ALLOCATION_MESSAGES.stakeholderUpdated, data: { percentage: 20, accountNumber: '1482039577' } });
  });

  it('refuses an assignment that would take the total above 100 %, and accepts exactly 100 %', async () => {
    const shareholders = await union('shareholder');
    // 20 + 30 allocated: 50.1 is one tenth too many.
    const over = await call('POST', '/api/stakeholders', superAdmin, {
      name: shareholders.id,
      bankName: 'First Bank of Nigeria',
      accountNumber: '3051186420',
      percentage: 50.1,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`percentage: ${ALLOCATION_MESSAGES.overAllocated} (50% is still free)`);
    const exact = await call('POST', '/api/stakeholders', superAdmin, {
      name: shareholders.id,
      bankName: 'First Bank of Nigeria',
      accountNumber: '3051186420',
      percentage: 50,
    });
    expect(exact.statusCode).toBe(201);
    const raise = await call('PATCH', `/api/stakeholders/${kekeId}`, superAdmin, { percentage: 20.1 });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().message).toBe(`percentage: ${ALLOCATION_MESSAGES.overAllocated} (20% is still free)`);
    const lower = await call('PATCH', `/api/stakeholders/${exact.json().data.id}`, superAdmin, { percentage: 40 });
    expect(lower.statusCode).toBe(201);
    expect((await call('GET', '/api/stakeholders', superAdmin)).json()).toMatchObject({ totalPercentage: 90, remainingPercentage: 10 });
  });

  it('answers 404 for an unknown stakeholder and 400 for an id that is not one', async () => {
    const missing = '7f0c6f5e-8a53-4d0c-9d8e-1c2b3a4d5e6f';
    expect((await call('PATCH', `/api/stakeholders/${missing}`, superAdmin, { percentage: 1 })).statusCode).toBe(404);
    expect((await call('GET', `/api/stakeholders/${missing}`, superAdmin)).statusCode).toBe(404);
    expect((await call('POST', `/api/stakeholders/${missing}/payouts`, superAdmin, { amount: 1, date: '2026-03-01', reference: 'r' })).statusCode).toBe(404);
    const bad = await call('PATCH', '/api/stakeholders/42', superAdmin, { percentage: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });

  describe('payouts', () => {
    it('records a payout (201) that the stakeholder page then counts for its range', async () => {
      const reply = await call('POST', `/api/stakeholders/${kekeId}/payouts`, superAdmin, { amount: '1500.75', date: '2026-03-01', reference: 'TRF-001' });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({
        message: ALLOCATION_MESSAGES.payoutRecorded,
        data: { stakeholderId: kekeId, amount: 1500.75, date: '2026-03-01', reference: 'TRF-001', recordedBy: { id: superAdmin.person.id } },
      });
      await call('POST', `/api/stakeholders/${kekeId}/payouts`, superAdmin, { amount: 99.25, date: '2026-03-02', reference: 'TRF-002' });
      await call('POST', `/api/stakeholders/${kekeId}/payouts`, superAdmin, { amount: 400, date: '2026-02-28', reference: 'TRF-000' });

      const detail = await call('GET', `/api/stakeholders/${kekeId}?startDate=2026-03-01&endDate=2026-03-02`, superAdmin);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({
        id: kekeId,
        percentage: 20,
        startDate: '2026-03-01',
        endDate: '2026-03-02',
        revenueBase: 0,
        expectedAmount: 0,
        amountPaid: 1600,
        difference: -1600,
        payoutCount: 2,
      });
      expect(detail.json().data.payouts.map((p: { reference: string }) => p.reference)).toEqual(['TRF-002', 'TRF-001']);

      const all = await call('GET', `/api/stakeholders/${kekeId}?startDate=2026-02-01&endDate=2026-03-02`, superAdmin);
      expect(all.json().data).toMatchObject({ amountPaid: 2000, payoutCount: 3 });
    });

    it('pages the payouts of a range', async () => {
      const page1 = await call('GET', `/api/stakeholders/${kekeId}/payouts?startDate=2026-02-01&endDate=2026-03-02&limit=2`, superAdmin);
      expect(page1.statusCode).toBe(200);
      expect(page1.json().paginator).toEqual({ pageCount: 2, currentPage: 1, perPage: 2, total: 3 });
      expect(page1.json().data.map((p: { reference: string }) => p.reference)).toEqual(['TRF-002', 'TRF-001']);
      const page2 = await call('GET', `/api/stakeholders/${kekeId}/payouts?startDate=2026-02-01&endDate=2026-03-02&limit=2&page=2`, superAdmin);
      expect(page2.json().data.map((p: { reference: string }) => p.reference)).toEqual(['TRF-000']);
    });

    it.each<[Record<string, unknown>, number, string]>([
      [{ amount: 10, date: '2026-03-01', reference: 'TRF-001' }, 409, ALLOCATION_MESSAGES.duplicateReference],
      [{ amount: 10, date: '2026-03-03', reference: 'TRF-009' }, 400, ALLOCATION_MESSAGES.futurePayout],
      [{ amount: 0, date: '2026-03-01', reference: 'TRF-009' }, 400, 'amount must be more than 0'],
      [{ amount: 10.005, date: '2026-03-01', reference: 'TRF-009' }, 400, 'amount must be an amount in naira with at most 2 decimals'],
      [{ date: '2026-03-01', reference: 'TRF-009' }, 400, 'amount is required'],
      [{ amount: 10, date: '2026-02-30', reference: 'TRF-009' }, 400, 'date must be a date (YYYY-MM-DD)'],
      [{ amount: 10, reference: 'TRF-009' }, 400, 'date is required'],
      [{ amount: 10, date: '2026-03-01', reference: '  ' }, 400, 'reference is required'],
    ])('refuses the payout %j', async (payload, status, message) => {
      const reply = await call('POST', `/api/stakeholders/${kekeId}/payouts`, superAdmin, payload);
      expect(reply.statusCode).toBe(status);
      expect(reply.json().message).toBe(message);
    });

    it('accepts a payout dated today in Lagos when it is still yesterday in UTC', async () => {
      clock.set('2026-03-02T23:30:00Z'); // 00:30 on 3 March in Lagos
      try {
        const reply = await call('POST', `/api/stakeholders/${kekeId}/payouts`, superAdmin, { amount: 1, date: '2026-03-03', reference: 'TRF-LAGOS' });
        expect(reply.statusCode).toBe(201);
      } finally {
        clock.set('2026-03-02T09:00:00Z');
      }
    });
  });

  it('refuses ranges that are not ranges', async () => {
    const cases: Array<[string, string]> = [
      ['startDate=2026-03-05&endDate=2026-03-01', 'endDate must not be before startDate'],
      ['startDate=yesterday', 'startDate must be a date (YYYY-MM-DD) or a timestamp'],
      ['startDate=2000-01-01&endDate=2026-01-01', 'endDate must be at most 3660 days after startDate'],
    ];
    for (const [query, message] of cases) {
      const reply = await call('GET', `/api/allocation?${query}`, superAdmin);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message).toBe(message);
    }
  });
});

describe('the offline directory', () => {
  it('answers for an account added to it', async () => {
    const account = nuban('232', '777000111');
    await ctx.database.db.insert(bankAccountsDirectory).values({ bankCode: '232', accountNumber: account, accountName: 'NEW PARTNER' });
    const reply = await call('GET', `/api/searchForBank?bank_code=232&accountNumber=${account}`, superAdmin);
    expect(reply.json().accountName).toBe('NEW PARTNER');
  });
});
