import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan } from './support/allocation.ts';
import { E2E_DATA_DIR } from './support/environment.ts';
import { sidebar } from './support/sidebar.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

/** The texts the server's SMS outbox holds whose body names `text`. */
function textsNaming(text: string): Array<{ to: string; body: string }> {
  const dir = path.join(E2E_DATA_DIR, 'sms-outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { to: string; body: string }).filter((sms) => sms.body.includes(text));
}

// Issue 44: a motorist stopped after paying reports it from the receipt's check page on a phone
// without JavaScript; an admin finds it in the Disputes queue, assigns it, notes and upholds it; the
// outcome text is in the SMS outbox, and the upheld dispute offers a penalty waiver.
test('a dispute sent from a phone without JavaScript reaches the queue; its outcome is texted', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const superAdmin = await apiToken(request, ACCOUNTS.superAdmin);
  const plan = await ensurePlan(request, superAdmin, 'bike', 'monthly', 4_000);
  const motorist = await registerApprovedMotorist(request, superAdmin, { fullName: 'Dispute Payer', vehicleType: 'bike', plan: 'monthly' });
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const receiptNo = (await paySubscription(request, remitter, { userCode: motorist.userCode, subscriptionId: plan.id, modeOfPayment: 'cash' })).data.payment
    .receiptNo;

  // A phone's browser with JavaScript off: the check page, its link, the form, the post and the 303.
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const tab = await phone.newPage();
  await tab.goto(`/r/${receiptNo}`);
  await expect(tab.getByText('Genuine receipt')).toBeVisible();
  await tab.getByRole('link', { name: 'Report a problem' }).click();
  await expect(tab).toHaveURL(`/r/${receiptNo}/report`);
  await tab.getByLabel('I paid but was stopped or charged').check();
  await tab.getByLabel(/Tell us what happened/).fill('Paid for the month at Ojota; an enforcer at Ketu charged me 2,000 again.');
  await tab.getByLabel(/Your phone number/).fill('0803 555 0101');
  await tab.getByRole('button', { name: 'Send report' }).click();
  await expect(tab).toHaveURL(new RegExp(`/r/${receiptNo}/report/sent\\?ref=DSP-`));
  await expect(tab.getByText('Thank you: we have your report')).toBeVisible();
  const reference = (await tab.locator('[data-reference]').textContent())!.trim();
  expect(reference).toMatch(/^DSP-[A-Z2-9]{8}$/);
  await phone.close();

  // The queue: found by its reference, linked to the receipt, its motorist and the collector.
  await signIn(page, ACCOUNTS.admin);
  await expect(page.getByRole('region', { name: 'Disputes' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Disputes', exact: true }).click();
  await expect(page).toHaveURL('/disputes');
  await page.getByLabel('Search').fill(reference);
  await page.getByLabel('Search').press('Enter');
  const row = page.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Paid but stopped or charged');
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: `Open ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispute' });
  await expect(dialog.getByTestId('dispute-reference')).toHaveText(reference);
  await expect(dialog).toContainText(receiptNo);
  await expect(dialog).toContainText('0803***0101');
  await expect(dialog).not.toContainText('08035550101');

  // Assign to oneself, add a note, uphold with an outcome text.
  await dialog.getByLabel('Assigned to').click();
  await page.getByRole('option', { name: new RegExp(ACCOUNTS.admin.fullName, 'i') }).click();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toContainText('In review');
  await dialog.getByLabel('Add a note').fill('Checked the scan log: charged twice.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByTestId('dispute-note')).toContainText('Checked the scan log: charged twice.');
  const outcome = 'We are sorry: the second charge will be refunded and the enforcer warned.';
  await dialog.getByLabel(/Outcome text/).fill(outcome);
  await dialog.getByRole('button', { name: 'Resolve' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Upheld by' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Start a penalty waiver' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Request a payment reversal' })).toBeVisible();

  // The outcome text left through the SMS outbox, to the number given.
  await expect.poll(() => textsNaming(reference).length, { timeout: 15_000 }).toBe(1);
  const [sms] = textsNaming(reference);
  expect(sms.to).toBe('2348035550101');
  expect(sms.body).toContain(outcome);

  // The upheld dispute's follow-up: the Penalty page opened on its motorist.
  await dialog.getByRole('link', { name: 'Start a penalty waiver' }).click();
  await expect(page).toHaveURL(`/penalty?userCode=${motorist.userCode}`);
  await expect(page.getByRole('region', { name: /^Motorist dispute payer$/i })).toContainText(`Unique ID ${motorist.userCode}`);
});

// Issue 45: a phone set to Yoruba (Accept-Language) reports in Yoruba, without JavaScript; the
// outcome text reaches the reporter with its wrapper in Yoruba, the staff's words as typed.
test('a report from a Yoruba phone: the form and thank-you page in Yoruba, the outcome text too', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const superAdmin = await apiToken(request, ACCOUNTS.superAdmin);
  await ensurePlan(request, superAdmin, 'bike', 'monthly', 4_000);
  const motorist = await registerApprovedMotorist(request, superAdmin, { fullName: 'Adebayo Ojo', vehicleType: 'bike', plan: 'monthly' });

  const phone = await browser.newContext({ javaScriptEnabled: false, locale: 'yo-NG', viewport: { width: 360, height: 740 } });
  const tab = await phone.newPage();
  await tab.goto(`/v/${motorist.userCode}`);
  await expect(tab.locator('html')).toHaveAttribute('lang', 'yo');
  await tab.getByRole('link', { name: 'Ròyìn ìṣòro' }).click();
  await expect(tab.locator('html')).toHaveAttribute('lang', 'yo');
  await tab.getByLabel('Sítíkà yìí jẹ́ ayédèrú').check();
  await tab.getByLabel(/Sọ ohun tó ṣẹlẹ̀ fún wa/).fill('Sítíkà náà dà bí èyí tí wọ́n tẹ̀ ní ilé.');
  await tab.getByLabel(/Nọ́mbà fóònù rẹ/).fill('0803 555 0202');
  await tab.getByRole('button', { name: 'Fi ìròyìn ránṣẹ́' }).click();
  await expect(tab).toHaveURL(new RegExp(`/v/${motorist.userCode}/report/sent\\?ref=DSP-[A-Z2-9]{8}&lang=yo$`));
  await expect(tab.getByText('A dúpẹ́: a ti gba ìròyìn rẹ')).toBeVisible();
  const reference = (await tab.locator('[data-reference]').textContent())!.trim();
  await phone.close();

  const headers = { authorization: `Bearer ${superAdmin}` };
  const found = await request.get(`/api/disputes?search=${reference}`, { headers });
  const [dispute] = ((await found.json()) as { data: Array<{ id: string }> }).data;
  const outcome = 'The sticker is genuine: the enforcer has been told.';
  const resolved = await request.post(`/api/disputes/${dispute.id}/resolve`, { headers, data: { outcome: 'not_upheld', outcomeText: outcome } });
  expect(resolved.status()).toBe(200);
  await expect.poll(() => textsNaming(reference).length, { timeout: 15_000 }).toBe(1);
  const [sms] = textsNaming(reference);
  expect(sms.to).toBe('2348035550202');
  expect(sms.body).toMatch(new RegExp(`: èsì ìròyìn ${reference}\\. ${outcome}$`));
});
