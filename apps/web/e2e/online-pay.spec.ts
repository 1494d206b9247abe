import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { devices, expect, test } from '@playwright/test';
import type { PaystackStandin } from '../../api/src/modules/online-payments/provider/standin.ts';
import { startStandinWhenFree } from './support/paystackStandin.ts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/environment.ts';
import { apiToken, registerApprovedMotorist } from './support/tickets.ts';

// A motorist on a phone pays by themselves: from the sticker's QR (/v/{code}) through the Paystack
// stand-in's checkout (seed.mjs points the server at it: port 4150, or E2E_PAYSTACK_PORT) back to "Paid until", the
// receipt's check, and the receipt text in the SMS outbox.
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use(phone);

let standin: PaystackStandin;
test.beforeAll(async () => {
  standin = await startStandinWhenFree({
    secretKey: 'sk_test_e2estandin000000001',
    port: Number(process.env.E2E_PAYSTACK_PORT ?? 4150),
    webhookUrl: `${BASE_URL}/webhooks/paystack`,
  });
});
test.afterAll(async () => standin?.close());

function outboxTexts(): { to: string; body: string }[] {
  const dir = path.join(E2E_DATA_DIR, 'sms-outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
}

test('a motorist pays online from the vehicle page and gets "Paid until", a genuine receipt and its text', async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  // A 3-month bike plan of this file's (never keke or bus: tickets-plans needs none of those).
  const plan = await ensurePlan(request, admin, 'bike', '3 months', 7500);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Halima Online Payer', vehicleType: 'bike', plan: '3 months' });

  await page.goto(`/v/${motorist.userCode}`);
  await expect(page.getByRole('heading', { name: 'Pay' })).toBeVisible();
  await page.getByLabel(/3 months: ₦7,500\.00/).check();
  await page.getByLabel('Phone for the receipt text (optional)').fill('0809 555 1234');
  await page.getByRole('button', { name: 'Pay online' }).click();

  await expect(page.getByRole('heading', { name: 'Stand-in checkout' })).toBeVisible();
  await expect(page.getByText('NGN 7500.00')).toBeVisible();
  expect(plan.id).toBeTruthy();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/v/${motorist.userCode}/paid\\?`));
  const verdict = page.getByRole('status');
  await expect(verdict).toHaveText(/^Paid until \d{1,2} \w+ \d{4}$/);
  const receiptLink = page.getByRole('link', { name: 'Check the receipt' });
  const receiptNo = (await receiptLink.getAttribute('href'))!.replace('/r/', '');
  await receiptLink.click();
  await expect(page.getByRole('status')).toHaveText('Genuine receipt');
  await expect(page.getByText('Online payments')).toBeVisible();

  await page.goto(`/v/${motorist.userCode}`);
  await expect(page.getByRole('status').first()).toHaveText(/^Paid until/);

  await expect.poll(() => outboxTexts().find((text) => text.body.includes(receiptNo))?.to ?? null).toBe('2348095551234');
});

test('in Yoruba (the switch; the language goes through checkout and back): the Pay section, then "A ti sanwó títí …"', async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  await ensurePlan(request, admin, 'bike', '3 months', 7500);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Bisi Yoruba Payer', vehicleType: 'bike', plan: '3 months' });

  await page.goto(`/v/${motorist.userCode}`);
  await page.locator('nav a[hreflang="yo"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
  await expect(page.getByRole('heading', { name: 'Sanwó', exact: true })).toBeVisible();
  await page.getByLabel(/Tíkẹ́ẹ̀tì oṣù mẹ́ta: ₦7,500\.00/).check();
  await page.getByRole('button', { name: 'Sanwó lórí ayélujára' }).click();

  await expect(page.getByRole('heading', { name: 'Stand-in checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/v/${motorist.userCode}/paid\\?`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
  await expect(page.getByRole('status')).toHaveText(/^A ti sanwó títí \d{1,2} Oṣù .+ \d{4}$/);
  await page.getByRole('link', { name: 'Ṣàyẹ̀wò rìsíìtì náà' }).click();
  await expect(page.getByRole('status')).toHaveText('Rìsíìtì ojúlówó');
});
