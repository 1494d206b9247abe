import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { PaystackStandin } from '../../api/src/modules/online-payments/provider/standin.ts';
import { startStandinWhenFree } from './support/paystackStandin.ts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { BASE_URL } from './support/environment.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, registerApprovedMotorist } from './support/tickets.ts';

// Money that paid nothing (suspense) assigned from the console, and the settlement match on Books.
// The server speaks to the Paystack stand-in on port 4150 (seed.mjs), as online-pay.spec.ts.
let standin: PaystackStandin;
test.beforeAll(async () => {
  standin = await startStandinWhenFree({ secretKey: 'sk_test_e2estandin000000001', port: 4150, webhookUrl: `${BASE_URL}/webhooks/paystack` });
});
test.afterAll(async () => standin?.close());

test('an admin assigns money in suspense to a motorist’s plan, and the Books settlement names the difference', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  // The monthly bike plan at ₦4,000 is shared with the reversal and dispute journeys (same price): bike
  // plans only, and its other names belong to other files (weekly: tickets-journey).
  await ensurePlan(request, admin, 'bike', 'monthly', 4_000);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Suspense Payer', vehicleType: 'bike', plan: 'monthly' });

  // A transfer the levy did not start and no account of it matches: the webhook keeps it in suspense.
  const reference = `E2E${randomBytes(6).toString('hex')}`;
  const event = {
    event: 'charge.success',
    data: {
      id: Date.now(),
      reference,
      status: 'success',
      amount: 400_000,
      currency: 'NGN',
      channel: 'bank_transfer',
      paid_at: new Date().toISOString(),
      fees: 0,
      customer: { email: 'someone@example.test', customer_code: 'CUS_e2e' },
      authorization: { channel: 'bank_transfer', sender_name: 'ADA SENDER', sender_bank: 'Access Bank' },
      metadata: null,
    },
  };
  expect(await standin.send(JSON.stringify(event))).toBe(200);

  await signIn(page, ACCOUNTS.admin);
  await page.goto('/books/suspense');
  await expect(page.getByRole('heading', { name: 'Suspense', level: 2 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('₦4,000.00');
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: `Assign ${reference}` }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Motorist\u2019s Unique ID').or(dialog.getByLabel("Motorist's Unique ID")).fill(motorist.userCode);
  await dialog.getByLabel('Vehicle type').selectOption('bike');
  await dialog.getByLabel('Plan').selectOption({ label: 'monthly (₦4,000.00)' });
  await dialog.getByLabel('Note').fill('the sender is this motorist, who called');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  await page.getByText('Assigned', { exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('Receipt');

  // Books: today's match (asked for as the daily job would) names the transfer the provider does not list.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const matched = await request.post('/api/settlement', { headers: { authorization: `Bearer ${admin}` }, data: { day: today } });
  expect(matched.status()).toBe(201);
  await page.goto('/books');
  const card = page.getByRole('region', { name: 'Settlement' });
  await card.getByRole('button', { name: 'Match now' }).click();
  await expect(card.getByRole('alert')).toContainText('unexplained kobo');
  await expect(card.getByRole('row').filter({ hasText: reference })).toContainText('Credited here, not at the provider');
});
