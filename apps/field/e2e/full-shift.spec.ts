import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { AGENTS, MOTORISTS, PASSWORD } from './support/fixtures.ts';
import { payOffline, scanTyped } from './support/offline.ts';
import { startOwnServer } from './support/ownServer.ts';
import { emulatePhone } from './support/phone.ts';
import { adminToken, controlledByServiceWorker, recordsOf, signIn } from './support/session.ts';

// A whole shift on a server of this file's own, with 4-minute sessions so one ends within the journey.
const TTL_SECONDS = 240;
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer({ JWT_TTL_SECONDS: String(TTL_SECONDS) });
});
test.afterAll(async () => server?.stop());

const queueItems = (page: Page, state: string) => page.locator(`li.item[data-state="${state}"]`);
const figure = (page: Page, label: string) => page.locator('.figure', { has: page.locator(`small:text-is("${label}")`) }).locator('b');

test('a whole shift: sign in, scan and collect online and offline, the session ends offline, sync, reprint a receipt, close the day', async ({ browser }) => {
  test.setTimeout(300_000);
  const [scannedOnline, scannedOffline, paidOnline, paidOffline, paidOnPin] = MOTORISTS;

  // The enforcer's shift: one scan online, one offline, synced once the network returns.
  const enforcerContext = await browser.newContext({ baseURL: server.baseURL });
  const enforcer = await enforcerContext.newPage();
  const enforcerPhone = await emulatePhone(enforcer);
  await signIn(enforcer, AGENTS.enforcer.email);
  await controlledByServiceWorker(enforcer);
  await expect(enforcer.getByTestId('compliance-list')).toContainText(/Offline list: \d+ motorists/);
  await enforcer.getByLabel('Unique ID or plate number').fill(scannedOnline.userCode);
  await enforcer.getByRole('button', { name: 'Check' }).click();
  const verdict = enforcer.getByRole('alert').filter({ hasText: 'EXPIRED' });
  await expect(verdict).toContainText('This scan added');
  await expect(verdict).not.toContainText('Provisional');
  await enforcer.getByRole('button', { name: 'Next scan' }).click();
  await enforcerPhone.offline();
  await scanTyped(enforcer, scannedOffline.userCode);
  await enforcerPhone.online();
  await enforcer.getByRole('button', { name: /^Queue/ }).click();
  await expect(queueItems(enforcer, 'done')).toHaveCount(2);
  await expect(queueItems(enforcer, 'done').filter({ hasText: `EXPIRED · ${scannedOffline.plateNumber} · ₦500.00 penalty added` })).toHaveCount(1);
  await enforcer.getByRole('button', { name: 'My day' }).click();
  await expect(figure(enforcer, 'Scans')).toHaveText('2');
  await expect(figure(enforcer, 'Penalties added')).toHaveText('2 · ₦1,000.00');
  await enforcerContext.close();

  // The remitter's shift starts: signed in, an offline PIN set, a payment online.
  const remitterContext = await browser.newContext({ baseURL: server.baseURL });
  const remitter = await remitterContext.newPage();
  await remitter.clock.install();
  const remitterPhone = await emulatePhone(remitter);
  await signIn(remitter, AGENTS.remitter.email);
  await controlledByServiceWorker(remitter);
  await expect.poll(() => remitter.evaluate(() => localStorage.getItem('fieldPlans:keke'))).toContain('weekly');
  await remitter.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', String(Number(document.body.dataset.printed ?? 0) + 1));
  });
  await remitter.getByRole('button', { name: 'Set offline PIN' }).click();
  await remitter.getByLabel('New PIN').fill('592047');
  await remitter.getByLabel('PIN again').fill('592047');
  await remitter.getByRole('button', { name: 'Save PIN' }).click();
  await expect(remitter.getByRole('form', { name: 'Offline PIN' })).toBeHidden();

  await remitter.getByLabel('Motorist’s Unique ID or plate number').fill(paidOnline.userCode);
  await remitter.getByRole('button', { name: 'Find' }).click();
  await remitter.getByRole('button', { name: /^daily · / }).click();
  remitter.once('dialog', (dialog) => void dialog.accept());
  await remitter.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(remitter.getByRole('article', { name: 'Receipt' })).toContainText('Official receipt');
  await remitter.getByRole('button', { name: 'Next payment' }).click();

  // Offline: a payment, then the session ends; work goes on with the PIN.
  await remitterPhone.offline();
  await payOffline(remitter, paidOffline.userCode, 'weekly');
  await remitter.clock.fastForward(TTL_SECONDS * 1000);
  await expect(remitter.getByRole('alert')).toHaveText('Your session has ended. Sign in again to send your work.');
  await remitter.getByLabel('Offline PIN').fill('592047');
  await remitter.getByRole('button', { name: 'Work offline' }).click();
  await expect(remitter.getByText(/^Working offline on your PIN/)).toBeVisible();
  await payOffline(remitter, paidOnPin.userCode, 'daily');
  await remitter.getByRole('button', { name: /^Queue/ }).click();
  await expect(queueItems(remitter, 'waiting')).toHaveCount(2);

  // The network returns: a password sign-in sends everything, once.
  await remitterPhone.online();
  await remitter.clock.setSystemTime(Date.now());
  await remitter.getByRole('button', { name: 'Sign in', exact: true }).click();
  await remitter.getByLabel('Password').fill(PASSWORD);
  await remitter.getByRole('button', { name: 'Sign in' }).click();
  await expect(queueItems(remitter, 'done')).toHaveCount(3);

  // A receipt reprinted from the queue, with its official number.
  await remitter.getByRole('button', { name: /^Receipt of ₦1,000\.00 weekly/ }).click();
  const receipt = remitter.getByRole('article', { name: 'Receipt' });
  await expect(receipt).toContainText('Official receipt');
  await expect(receipt).toContainText(paidOffline.plateNumber);
  await remitter.getByRole('button', { name: 'Print' }).click();
  await expect(remitter.locator('body')).toHaveAttribute('data-printed', '1');
  await remitter.getByRole('button', { name: 'Back to the queue' }).click();

  // The day closes with every collection counted; the cash is counted blind at the till's close (issue 42).
  await remitter.getByRole('button', { name: 'My day' }).click();
  await expect(figure(remitter, 'Collections')).toHaveText('3');
  await expect(figure(remitter, 'Cash collections')).toHaveText('3');
  await expect(figure(remitter, 'Other modes')).toHaveText('₦0.00');
  await expect(remitter.getByText('Cash to hand in')).toHaveCount(0);
  await expect(remitter.getByRole('region', { name: 'Till', exact: true })).toContainText('Close till');

  const api = await apiRequest.newContext({ baseURL: server.baseURL });
  const token = await adminToken(api, AGENTS.admin.email);
  for (const motorist of [scannedOnline, scannedOffline]) expect(await recordsOf(api, token, 'scan', motorist.userCode)).toBe(1);
  for (const motorist of [paidOnline, paidOffline, paidOnPin]) expect(await recordsOf(api, token, 'sub-history', motorist.userCode)).toBe(1);
  await api.dispose();
  await remitterContext.close();
});
