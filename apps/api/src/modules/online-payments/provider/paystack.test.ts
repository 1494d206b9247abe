import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaystackClient } from './paystack.ts';
import { paystackSignature } from './signature.ts';
import { startPaystackStandin, type PaystackStandin } from './standin.ts';
import type { PaymentProvider } from './types.ts';

const KEY = 'sk_test_providertest000001';

// The adapter against the stand-in: the calls as Paystack's documentation describes them.
let standin: PaystackStandin;
let paystack: PaymentProvider;
beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: KEY });
  paystack = createPaystackClient({ secretKey: KEY, baseUrl: standin.url });
});
afterAll(() => standin.close());

describe('the Paystack adapter', () => {
  it('initialises a checkout, and verify says what the payer did', async () => {
    const started = await paystack.initialize({
      email: 'abc@pay.levy.invalid',
      amountKobo: 150_000,
      currency: 'NGN',
      reference: 'ref-one',
      callbackUrl: 'http://levy.test/v/abc/paid',
    });
    expect(started.authorizationUrl).toMatch(new RegExp(`^${standin.url}/checkout/`));
    expect((await paystack.verify('ref-one'))?.status).toBe('ongoing');
    await standin.pay('ref-one', 'ussd');
    const paid = await paystack.verify('ref-one');
    expect(paid).toMatchObject({ reference: 'ref-one', status: 'success', amountKobo: 150_000, currency: 'NGN', channel: 'ussd' });
    expect(paid?.paidAt).toBeInstanceOf(Date);
    expect(await paystack.verify('no-such-ref')).toBeNull();
    await expect(paystack.initialize({ email: 'a@b.c', amountKobo: 100, currency: 'NGN', reference: 'ref-one', callbackUrl: 'http://x' })).rejects.toThrow(
      /Duplicate Transaction Reference/,
    );
  });

  it('refuses a wrong key as the provider refusing the server', async () => {
    const wrong = createPaystackClient({ secretKey: 'sk_test_wrongwrongwrong', baseUrl: standin.url });
    await expect(wrong.verify('ref-one')).rejects.toThrow(/PAYSTACK_SECRET_KEY/);
  });

  it('is a retryable failure when the provider cannot be reached', async () => {
    const gone = createPaystackClient({ secretKey: KEY, baseUrl: 'http://127.0.0.1:1' });
    await expect(gone.verify('x')).rejects.toMatchObject({ retryable: true });
  });

  it('verifies webhook signatures in constant time, over the raw bytes', () => {
    const body = Buffer.from('{"event":"charge.success","data":{"reference":"r","amount":100}}');
    expect(paystack.verifySignature(body, paystackSignature(KEY, body))).toBe(true);
    expect(paystack.verifySignature(body, paystackSignature('sk_test_other', body))).toBe(false);
    expect(paystack.verifySignature(body, undefined)).toBe(false);
    expect(paystack.verifySignature(body, 'abc')).toBe(false);
    expect(paystack.verifySignature(Buffer.from(`${body.toString()} `), paystackSignature(KEY, body))).toBe(false);
    expect(paystack.parseEvent(body)).toMatchObject({ event: 'charge.success', reference: 'r', charge: { amountKobo: 100 } });
    expect(paystack.parseEvent(Buffer.from('not json'))).toBeNull();
  });

  it('assigns dedicated accounts, lists the day and its settlement, requeries', async () => {
    const account = await paystack.createDedicatedAccount({
      email: 'dva@pay.levy.invalid',
      firstName: 'Ada',
      lastName: 'Okafor',
      phone: '+2348031234567',
      preferredBank: 'wema-bank',
    });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(account.bankName).toBe('Wema Bank');
    const reference = await standin.transfer(account.accountNumber, 50_000);
    const paid = await paystack.verify(reference);
    expect(paid).toMatchObject({ channel: 'dedicated_nuban', receiverAccountNumber: account.accountNumber, senderName: 'ADA OKAFOR' });
    const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
    const listed = await paystack.listTransactions(today);
    expect(listed.map((t) => t.reference)).toEqual(expect.arrayContaining(['ref-one', reference]));
    const [settlement] = await paystack.listSettlements(today);
    expect(settlement?.totalAmountKobo).toBe(listed.reduce((sum, t) => sum + t.amountKobo, 0));
    expect((await paystack.settlementTransactions(settlement!.id)).length).toBeGreaterThan(0);
    await paystack.requeryDedicatedAccount({ accountNumber: account.accountNumber, providerSlug: 'wema-bank', day: today });
  });
});
