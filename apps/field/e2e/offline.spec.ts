import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { maskEmail } from '@eticket/contracts';
import { AGENTS, MOTORISTS, PENDING_RIDER } from './support/fixtures.ts';
import { payOffline, scanTyped } from './support/offline.ts';
import { adminToken, controlledByServiceWorker, recordsOf, signIn } from './support/session.ts';

const [, , scanned1, scanned2, scanned3, payer1, payer2, owesNothing] = MOTORISTS;

const queueItems = (page: Page, state: string) => page.locator(`li.item[data-state="${state}"]`);

test('scans and payments made offline survive a reload and reach the server once each; a refused one stays with its message', async ({ browser, request }) => {
  const enforcer = await (await browser.newContext()).newPage();
  const remitter = await (await browser.newContext()).newPage();

  await signIn(enforcer, AGENTS.offlineEnforcer.email);
  await controlledByServiceWorker(enforcer);
  // The journeys share one server: the registration journey's motorist may be on the list too.
  await expect(enforcer.getByTestId('compliance-list')).toContainText(/Offline list: \d+ motorists/);
  const listed = Number((await enforcer.getByTestId('compliance-list').textContent())?.match(/(\d+) motorists/)?.[1]);
  expect(listed).toBeGreaterThanOrEqual(MOTORISTS.length);
  await signIn(remitter, AGENTS.offlineRemitter.email);
  await controlledByServiceWorker(remitter);
  // The plans are kept on the phone while online.
  await expect.poll(() => remitter.evaluate(() => localStorage.getItem('fieldPlans:keke'))).toContain('weekly');

  await enforcer.context().setOffline(true);
  await remitter.context().setOffline(true);
  await expect(enforcer.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();

  for (const motorist of [scanned1, scanned2, scanned3]) await scanTyped(enforcer, motorist.userCode);
  // A plate typed offline is found in the phone's list (its verdict is the list's, not "not in list").
  await scanTyped(enforcer, PENDING_RIDER.plateNumber.toLowerCase());
  await payOffline(remitter, payer1.userCode, 'daily');
  await payOffline(remitter, payer2.userCode, 'weekly');
  await payOffline(remitter, owesNothing.userCode, 100);

  // A reload without network: the service worker serves the app, IndexedDB keeps the queue.
  await enforcer.reload();
  await remitter.reload();
  for (const [page, count] of [
    [enforcer, 4],
    [remitter, 3],
  ] as const) {
    await page.getByRole('button', { name: /^Queue/ }).click();
    await expect(queueItems(page, 'waiting')).toHaveCount(count);
  }

  await enforcer.context().setOffline(false);
  await remitter.context().setOffline(false);
  await expect(queueItems(enforcer, 'done')).toHaveCount(4);
  // The real result of each offline scan, once the server has it.
  await expect(queueItems(enforcer, 'done').filter({ hasText: /EXPIRED · LAG-\d+-KK · ₦500\.00 penalty added/ })).toHaveCount(3);
  await expect(queueItems(remitter, 'done')).toHaveCount(2);
  const refused = queueItems(remitter, 'refused');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('amount: this motorist owes no penalty');

  const token = await adminToken(request, AGENTS.admin.email);
  const expectOnce = async () => {
    for (const motorist of [scanned1, scanned2, scanned3]) expect(await recordsOf(request, token, 'scan', motorist.userCode), motorist.userCode).toBe(1);
    for (const motorist of [payer1, payer2]) expect(await recordsOf(request, token, 'sub-history', motorist.userCode), motorist.userCode).toBe(1);
    expect(await recordsOf(request, token, 'penalty-history', owesNothing.userCode)).toBe(0);
  };
  await expectOnce();

  // A second sync sends nothing again; the refused item stays for the agent to resolve.
  for (const page of [enforcer, remitter]) {
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText(/^0 recorded/)).toBeVisible();
  }
  await expectOnce();
  await expect(refused).toContainText('amount: this motorist owes no penalty');
});

const image = (name: string) => fileURLToPath(new URL(`../../web/e2e/fixtures/${name}`, import.meta.url));

async function motoristsWithEmail(request: APIRequestContext, token: string, email: string): Promise<number> {
  const reply = await request.get(`/api/motorist/user?search=${encodeURIComponent(email)}&limit=50`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()).data as { email: string }[]).filter((row) => row.email === maskEmail(email)).length;
}

test('a registration made offline, photos and all, survives a reload and reaches the server once', async ({ page, request }) => {
  const email = 'offline.rider@field.test';
  await signIn(page, AGENTS.offlineRegistrar.email);
  await controlledByServiceWorker(page);
  await page.context().setOffline(true);

  await page.getByLabel('Notice given *').check();
  await page.getByLabel('Full name *').fill('ofe offline');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone *').fill('08037654321');
  await page.getByLabel('Password (12+ characters) *').fill('an-offline-keke-pass');
  await page.getByLabel('Date of birth *').fill('1992-06-01');
  await page.getByLabel('Address *').fill('4 garage road, oshodi');
  await page.locator('input[name=front]').setInputFiles(image('id-front.png'));
  await page.locator('input[name=back]').setInputFiles(image('id-back.jpg'));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Plate number *').fill('KJA-777-OF');
  await page.getByLabel('Vehicle type *').selectOption('keke');
  await page.getByLabel('Route *').fill('oshodi - mile 2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[name=portraitSelfie]').setInputFiles(image('id-front.png'));
  await expect(page.getByText(/Motorist’s photo · \d+ KB/)).toBeVisible();
  await page.getByRole('button', { name: 'Register motorist' }).click();
  await expect(page.getByText(/^No network: the registration is kept on the phone/)).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: /^Queue/ }).click();
  await expect(queueItems(page, 'waiting')).toHaveCount(1);
  await expect(queueItems(page, 'waiting')).toContainText('Registration · ofe offline · KJA-777-OF');

  await page.context().setOffline(false);
  await expect(queueItems(page, 'done')).toHaveCount(1);
  const token = await adminToken(request, AGENTS.admin.email);
  expect(await motoristsWithEmail(request, token, email)).toBe(1);

  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/^0 recorded/)).toBeVisible();
  expect(await motoristsWithEmail(request, token, email)).toBe(1);
});
