import { expect, test } from '@playwright/test';
import { ACCOUNTS, E2E_PASSWORD } from './fixtures/accounts.ts';
import { signIn, submitLogin } from './support/signIn.ts';

// The sign-in lock-out spares a browser the account has signed in on: it keeps the device cookie the
// server set and sends it with its next sign-in (same-origin, so no extra client code is needed).
test('signing in leaves an HttpOnly, SameSite=Strict device cookie that the next sign-in sends back', async ({ page, context }) => {
  await signIn(page, ACCOUNTS.admin);
  // Set for /api/login and for /api/forgot-password (the owner's browser asks for reset codes on its own limit).
  const devices = (await context.cookies()).filter((cookie) => cookie.name === 'eticket_device');
  expect(devices.map((cookie) => cookie.path).sort()).toEqual(['/api/forgot-password', '/api/login']);
  const device = devices.find((cookie) => cookie.path === '/api/login');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('eticket_device');

  // Forget the session in this browser only (a logout would end the admin's sessions in other tests).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  const loginRequest = page.waitForRequest((request) => request.url().endsWith('/api/login'));
  await submitLogin(page, ACCOUNTS.admin.email, E2E_PASSWORD);
  expect((await (await loginRequest).allHeaders()).cookie).toContain(`eticket_device=${device!.value}`);
  await expect(page).toHaveURL('/');
});
