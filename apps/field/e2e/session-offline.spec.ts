import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { maskEmail } from '@eticket/contracts';
import { AGENTS, MOTORISTS, PASSWORD } from './support/fixtures.ts';
import { startOwnServer } from './support/ownServer.ts';
import { emulatePhone } from './support/phone.ts';
import { adminToken, controlledByServiceWorker, recordsOf, signIn } from './support/session.ts';

// Sessions of 4 minutes on a server of this file's own: the shared one keeps its 12 hours.
const TTL_SECONDS = 240;
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer({ JWT_TTL_SECONDS: String(TTL_SECONDS) });
});
test.afterAll(async () => server?.stop());

const queueItems = (page: Page, state: string) => page.locator(`li.item[data-state="${state}"]`);

test('a session that ends offline: warned before, work goes on with the PIN, the open form is kept, and all is sent once after signing in', async ({
  browser,
}) => {
  const payer = MOTORISTS[3];
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await page.clock.install();
  const phone = await emulatePhone(page);

  await signIn(page, AGENTS.remitter.email);
  await controlledByServiceWorker(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fieldPlans:keke'))).toContain('weekly');

  // Warned before the end (a 4-minute session is always within the last half hour), and offered a PIN.
  await expect(page.getByText(/^Your session ends at/)).toBeVisible();
  await page.getByRole('button', { name: 'Set offline PIN' }).click();
  await page.getByLabel('New PIN').fill('111111');
  await page.getByLabel('PIN again').fill('111111');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a PIN that is not a run or a repeated digit');
  await page.getByLabel('New PIN').fill('482915');
  await page.getByLabel('PIN again').fill('482915');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByRole('form', { name: 'Offline PIN' })).toBeHidden();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('482915');

  // Offline, a payment half filled when the session runs out.
  await phone.offline();
  await page.getByLabel('Motorist’s Unique ID or plate number').fill(payer.userCode);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Offline: the server checks this payment')).toBeVisible();
  await page.getByRole('button', { name: 'keke' }).click();
  await page.getByRole('button', { name: /^weekly · / }).click();
  await page.clock.fastForward(TTL_SECONDS * 1000);

  await expect(page.getByRole('alert')).toHaveText('Your session has ended. Sign in again to send your work.');
  await expect(page.getByText('remy remitter’s work is kept on this phone')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('No network: signing in needs the network. Nothing was sent.');

  await page.getByLabel('Offline PIN').fill('482916');
  await page.getByRole('button', { name: 'Work offline' }).click();
  await expect(page.getByText('Wrong PIN: 4 tries left')).toBeVisible();
  await page.getByLabel('Offline PIN').fill('482915');
  await page.getByRole('button', { name: 'Work offline' }).click();

  // The form as it was left: the plan still chosen.
  await expect(page.getByText(/^Working offline on your PIN/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^weekly · / })).toHaveAttribute('aria-pressed', 'true');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('Not sent yet');
  await page.getByRole('button', { name: 'Next payment' }).click();
  await page.getByRole('button', { name: /^Queue/ }).click();
  await expect(queueItems(page, 'waiting')).toHaveCount(1);
  await expect(page.getByText(/^Working offline on your PIN: 1 capture waits/)).toBeVisible();

  // The network returns: nothing leaves before a password sign-in, then all of it, once.
  await phone.online();
  await page.clock.setSystemTime(Date.now());
  await expect(queueItems(page, 'waiting')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Email or Unique ID')).not.toHaveValue('');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(queueItems(page, 'done')).toHaveCount(1);

  const api = await apiRequest.newContext({ baseURL: server.baseURL });
  const token = await adminToken(api, AGENTS.admin.email);
  expect(await recordsOf(api, token, 'sub-history', payer.userCode)).toBe(1);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/^0 recorded/)).toBeVisible();
  expect(await recordsOf(api, token, 'sub-history', payer.userCode)).toBe(1);
  await api.dispose();
  await context.close();
});

test('an agent suspended mid-shift reads that the account was suspended, and gets no offline PIN', async ({ browser }) => {
  const agent = AGENTS.enforcer;
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await emulatePhone(page);
  await signIn(page, agent.email);
  await page.getByRole('button', { name: 'PIN', exact: true }).click();
  await page.getByLabel('New PIN').fill('730214');
  await page.getByLabel('PIN again').fill('730214');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByRole('form', { name: 'Offline PIN' })).toBeHidden();

  const api = await apiRequest.newContext({ baseURL: server.baseURL });
  const headers = { authorization: `Bearer ${await adminToken(api, AGENTS.admin.email)}` };
  const found = await api.get(`/api/agent/user?role=enforcer&search=${encodeURIComponent(agent.email)}&limit=5`, { headers });
  const { id } = ((await found.json()).data as { id: string; email: string }[]).find((row) => row.email === maskEmail(agent.email))!;
  expect((await api.post(`/api/suspend/${id}`, { headers })).status()).toBe(200);

  await page.getByLabel('Unique ID or plate number').fill(MOTORISTS[0].userCode);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your account has been suspended, contact admin');
  await expect(page.getByRole('button', { name: 'Work offline' })).toHaveCount(0);
  await api.dispose();
  await context.close();
});
