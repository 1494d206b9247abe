import { expect, request as apiRequest, test } from '@playwright/test';
import { maskEmail } from '@eticket/contracts';
import { AGENTS, PASSWORD } from './support/fixtures.ts';
import { readResetCode, readSentResetCode } from './support/outbox.ts';
import { startOwnServer } from './support/ownServer.ts';
import { emulatePhone } from './support/phone.ts';
import { adminToken } from './support/session.ts';

// A server of this file's own: the shared one's agents keep their password.
let server: Awaited<ReturnType<typeof startOwnServer>>;
test.beforeAll(async () => {
  server = await startOwnServer({});
});
test.afterAll(async () => server?.stop());

test('an agent who forgot their password gets a code by mail and sets a new one from the field sign-in', async ({ browser }) => {
  const email = AGENTS.enforcer.email;
  const newPassword = 'keke-road-checkpoint-77';
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await emulatePhone(page);
  await page.goto('/field/');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toHaveText('If that email belongs to an account, a reset code has been sent to it');

  const code = await readResetCode(server.dataDir, email);
  const wrong = code === '000000' ? '000001' : '000000';
  await page.getByLabel('Code from the email').fill(wrong);
  await page.getByLabel('New password (12+ characters)').fill(newPassword);
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The token is invalid or has expired');
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password reset successfully, please login');

  await page.getByLabel('Email or Unique ID').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await context.close();
});

test("an administrator sends an agent a reset code; its mail's link opens the field app, where the agent sets a new password", async ({ browser }) => {
  const agent = AGENTS.remitter;
  const newPassword = 'danfo-park-collection-41';
  const api = await apiRequest.newContext({ baseURL: server.baseURL });
  const adminHeaders = { authorization: `Bearer ${await adminToken(api, AGENTS.admin.email)}` };
  const found = await api.get(`/api/agent/user?role=remitter&search=${encodeURIComponent(agent.email)}&limit=5`, { headers: adminHeaders });
  expect(found.ok(), await found.text()).toBe(true);
  const { id } = ((await found.json()).data as { id: string; email: string }[]).find((row) => row.email === maskEmail(agent.email))!;
  const sent = await api.post(`/api/user/${id}/reset-code`, { headers: adminHeaders });
  expect(sent.status(), await sent.text()).toBe(200);
  const { code, link } = await readSentResetCode(server.dataDir, agent.email);
  expect(link).toMatch(/^\/field\/\?reset=/);

  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await emulatePhone(page);
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('an administrator sent you');
  await page.getByLabel('Code from the email').fill(code);
  await page.getByLabel('New password (12+ characters)').fill(newPassword);
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password reset successfully, please login');
  await expect(page).toHaveURL(/\/field\/$/);
  await page.getByLabel('Email or Unique ID').fill(agent.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await api.dispose();
  await context.close();
});
