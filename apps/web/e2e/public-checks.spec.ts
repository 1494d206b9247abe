import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import QRCode from 'qrcode';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { modulesOf } from './support/qr.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const MAX_PAGE_BYTES = 30 * 1024;

/** A field agent registered, approved and then suspended through the API, as staff would. */
async function suspendedAgent(request: APIRequestContext, token: string): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const phone = () => `0813${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const registered = await request.post('/api/agent/register', {
    headers: bearer(token),
    multipart: {
      email: `agent.${tag}@e2e.test`,
      password: 'Agent-Pass-2024-x',
      fullName: `Sule Collector ${tag}`,
      phone: phone(),
      address: '3 Agege Motor Road',
      route: 'Oshodi',
      role: 'remitter',
      guarantorsName: 'Bisi Guarantor',
      guarantorsPhone: phone(),
      guarantorsAddress: '5 Allen Avenue',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id, userCode } = (await registered.json()).data as { id: string; userCode: string };
  for (const action of ['approve', 'suspend']) expect((await request.post(`/api/${action}/${id}`, { headers: bearer(token) })).status()).toBe(200);
  return userCode;
}

test("a motorist's QR code opens the vehicle's check; a receipt and a collector are checked without an account", async ({ page, request, browser }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const motorist = await registerApprovedMotorist(request, admin, { fullName: 'Kemi Adebayo Public', vehicleType: 'bike', plan: '6 months' });
  const payment = await paySubscription(request, remitter, {
    userCode: motorist.userCode,
    // The shared 6-month bike plan (dashboard-admin.spec.ts): bike plans of other names belong to other files.
    subscriptionId: (await ensurePlan(request, admin, 'bike', '6 months', 6000)).id,
    modeOfPayment: 'cash',
  });
  const receiptNo = payment.data.payment.receiptNo;

  // The console's details page: the QR code holds {origin}/v/{userCode} (PUBLIC_URL unset), captioned with the Unique ID.
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/${motorist.id}/details`);
  const qr = page.getByRole('region', { name: 'QR code' });
  await expect(qr.getByText(`EBS / ${motorist.userCode}`, { exact: true })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const checkUrl = `${origin}/v/${motorist.userCode}`;
  const image = qr.getByRole('img', { name: `QR code of ${motorist.userCode}` });
  await expect(image).toHaveAttribute('src', /^data:image\/png/);
  const expected = QRCode.create(checkUrl, { errorCorrectionLevel: 'M' }).modules;
  expect(await modulesOf(image, expected.size)).toEqual([...expected.data].map(Boolean));

  // What a phone's camera opens: no session, no script.
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const anyone = await phone.newPage();
  const vehicle = await anyone.goto(checkUrl);
  expect(vehicle!.status()).toBe(200);
  expect((await vehicle!.body()).length).toBeLessThan(MAX_PAGE_BYTES);
  await expect(anyone.getByRole('status')).toHaveText(/^Paid until \d{1,2} \w+ \d{4}$/);
  await expect(anyone.locator('dl')).toContainText(motorist.plateNumber, { ignoreCase: true });
  await expect(anyone.locator('dl')).toContainText('Kemi P.');
  await expect(anyone.locator('body')).not.toContainText('Adebayo');

  // A genuine receipt, typed as heard; a made-up one.
  await anyone.goto(`/r/${receiptNo.replace(/-/g, ' ').toLowerCase()}`);
  await expect(anyone.getByRole('status')).toHaveText('Genuine receipt');
  await expect(anyone.locator('dl')).toContainText('₦6,000.00');
  await expect(anyone.locator('dl')).toContainText(ACCOUNTS.remitter.fullName, { ignoreCase: true });
  const fake = await anyone.goto('/r/S7KQ-2M9X-D4HP');
  expect(fake!.status()).toBe(404);
  await expect(anyone.getByRole('heading', { name: 'Receipt not found' })).toBeVisible();

  // A suspended collector's card reads suspended; a motorist is not a registered agent.
  await anyone.goto(`/a/${await suspendedAgent(request, admin)}`);
  await expect(anyone.getByRole('status')).toHaveText('Suspended: do not pay');
  await anyone.goto(`/a/${motorist.userCode}`);
  await expect(anyone.getByRole('heading', { name: 'Not a registered agent' })).toBeVisible();
  await phone.close();
});
