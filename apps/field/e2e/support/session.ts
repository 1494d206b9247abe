import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD } from './fixtures.ts';

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/field/');
  await page.getByLabel('Email or Unique ID').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** The service worker controls the page: the app shell loads without network from now on. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** An admin's token, for reading the records the server holds. */
export async function adminToken(request: APIRequestContext, email: string): Promise<string> {
  const reply = await request.post('/api/login', { data: { userCode: email, password: PASSWORD } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()).token;
}

/** How many records of a list (scans or subscription payments) the server holds for a motorist. */
export async function recordsOf(
  request: APIRequestContext,
  token: string,
  list: 'scan' | 'sub-history' | 'penalty-history',
  userCode: string,
): Promise<number> {
  const reply = await request.get(`/api/${list}?search=${userCode}&limit=50`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  const rows = (await reply.json()).data as { kyc?: { userID: { userCode: string } }; motorist?: { uniqueId: string } }[];
  return rows.filter((row) => (row.kyc?.userID.userCode ?? row.motorist?.uniqueId) === userCode).length;
}
