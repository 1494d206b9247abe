import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { DEFAULT_LEVY_NAME, printedName } from '@eticket/contracts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan, setPenalty } from './support/allocation.ts';
import { modulesOf } from './support/qr.ts';
import { signIn } from './support/signIn.ts';
import { apiToken, payPenalty, paySubscription, registerApprovedMotorist } from './support/tickets.ts';

// Issue 23's prints. This file owns the motorists it registers ('Tola Printwell …') and the remitters
// ('Ike Cardholder …'); it pays through ACCOUNTS.remitter on the shared 6-month bike plan, as
// public-checks.spec.ts does, and changes nothing else.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const MM_PER_POINT = 25.4 / 72;

/** The pages of the PDF Chromium prints (print media, the page's own @page size), in whole millimetres (the PDF rounds to points). */
async function printedPages(page: Page): Promise<Array<{ width: number; height: number }>> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  return [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(([, width, height]) => ({
    width: Math.round(Number(width) * MM_PER_POINT),
    height: Math.round(Number(height) * MM_PER_POINT),
  }));
}

/** Checks the image holds exactly this text's QR code (as the console makes it). */
async function expectQrOf(image: ReturnType<Page['getByRole']>, text: string) {
  await expect(image).toHaveAttribute('src', /^data:image\/png/);
  const expected = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  expect(await modulesOf(image, expected.size)).toEqual([...expected.data].map(Boolean));
}

/** In print, the console's chrome is gone and only the printed copy shows. */
async function expectPrintedAlone(page: Page, label: string) {
  // Hidden in print, and still read there.
  const preview = page.getByRole('region', { name: `${label} preview`, includeHidden: true });
  const paper = await preview.getAttribute('data-paper');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(preview).toBeHidden();
  await expect(page.getByRole('region', { name: label, exact: true })).toBeVisible();
  // The hidden preview measures nothing: after a resize check has run, the paper is as it was on screen.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(preview).toHaveAttribute('data-paper', paper ?? '');
  // Back to the browser's own media (screen), where page.pdf() prints with print media.
  await page.emulateMedia({ media: null });
  await expect(page.getByRole('region', { name: label, exact: true })).toBeHidden();
}

async function searchRows(page: Page, table: string, userCode: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(userCode);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  const rows = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: userCode });
  await expect(rows).toHaveCount(1);
  return rows;
}

async function registerRemitter(request: APIRequestContext, token: string) {
  const tag = randomUUID().slice(0, 8);
  const phone = () => `0815${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const registered = await request.post('/api/agent/register', {
    headers: bearer(token),
    multipart: {
      email: `cardholder.${tag}@e2e.test`,
      password: 'Agent-Pass-2024-x',
      fullName: `Ike Cardholder ${tag}`,
      phone: phone(),
      address: '9 Ikorodu Road',
      route: 'Yaba',
      role: 'remitter',
      guarantorsName: 'Bisi Guarantor',
      guarantorsPhone: phone(),
      guarantorsAddress: '5 Allen Avenue',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id, userCode } = (await registered.json()).data as { id: string; userCode: string };
  expect((await request.post(`/api/approve/${id}`, { headers: bearer(token) })).status()).toBe(200);
  // Stored lower-cased, printed capitalised.
  return { id, userCode, name: printedName(`ike cardholder ${tag}`) };
}

test('a receipt prints from a payment row, on an A5 page or a 58 mm roll, with the QR code of its public check', async ({ page, request }) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const remitter = await apiToken(request, ACCOUNTS.remitter);
  const motorist = await registerApprovedMotorist(request, admin, {
    fullName: `Tola Printwell ${randomUUID().slice(0, 6)}`,
    vehicleType: 'bike',
    plan: '6 months',
  });
  const plan = await ensurePlan(request, admin, 'bike', '6 months', 6000);
  const paid = await paySubscription(request, remitter, {
    userCode: motorist.userCode,
    subscriptionId: plan.id,
    modeOfPayment: 'transfer',
    bankName: 'gtbank',
  });
  const { receiptNo, addedBy } = paid.data.payment;

  await signIn(page, ACCOUNTS.admin);
  await page.goto('/transaction');
  const row = await searchRows(page, 'Transaction History', motorist.userCode);
  await row.getByRole('link', { name: `Print receipt ${receiptNo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${receiptNo}$`));
  await expect(page.getByRole('heading', { name: `Receipt ${receiptNo}` })).toBeVisible();

  const checkUrl = `${new URL(page.url()).origin}/r/${receiptNo}`;
  const preview = page.getByRole('region', { name: 'Receipt preview' });
  const expectFields = async () => {
    for (const text of [
      DEFAULT_LEVY_NAME,
      receiptNo,
      '₦6,000.00',
      '6 months ticket (bike)',
      motorist.plateNumber.toUpperCase(),
      printedName(motorist.fullName),
      motorist.userCode,
      'Transfer (Gtbank)',
      'Remy Remitter',
      addedBy.userCode,
      checkUrl,
    ]) {
      await expect(preview, text).toContainText(text);
    }
    await expect(preview.locator('dt', { hasText: 'New expiry' }).locator('+ dd')).toHaveText(/^\d{1,2} \w{3} \d{4}$/);
    await expect(preview.locator('dt', { hasText: 'Date and time (Lagos)' }).locator('+ dd')).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}/);
    await expectQrOf(preview.getByRole('img', { name: `QR code of ${checkUrl}` }), checkUrl);
  };

  // A5: the page's own size, one page; in print the console's chrome is hidden.
  await expect(page.getByRole('radio', { name: 'A5 page' })).toBeChecked();
  await expectFields();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expectPrintedAlone(page, 'Receipt');
  expect(await printedPages(page)).toEqual([{ width: 148, height: 210 }]);

  // 58 mm roll: 58 mm wide, one page as long as the receipt.
  await page.getByText('58 mm thermal').click();
  await expect(page).toHaveURL(/layout=thermal/);
  await expect(preview.locator('article')).toHaveAttribute('data-layout', 'thermal');
  await expectFields();
  await expectPrintedAlone(page, 'Receipt');
  const roll = await printedPages(page);
  expect(roll).toHaveLength(1);
  expect(roll[0].width).toBe(58);
  expect(roll[0].height).toBeGreaterThan(100);
  expect(roll[0].height).toBeLessThan(250);

  // The receipt's QR code opens its public check: genuine.
  const check = await page.request.get(checkUrl);
  expect(check.status()).toBe(200);
  expect(await check.text()).toContain('Genuine receipt');

  // A penalty payment prints from Penalty Payment History: no plan nor expiry, the penalty left.
  await setPenalty(request, admin, motorist.id, 700);
  const penalty = (await payPenalty(request, remitter, { userCode: motorist.userCode, amount: 500, modeOfPayment: 'cash' })).data.payment.receiptNo;
  await page.goto('/penaltyHistory');
  const penaltyRow = await searchRows(page, 'Penalty Payment History', motorist.userCode);
  await penaltyRow.getByRole('link', { name: `Print receipt ${penalty}` }).click();
  await expect(preview).toContainText('Penalty (bike)');
  await expect(preview.locator('dt', { hasText: 'Penalty left' }).locator('+ dd')).toHaveText('₦200.00');
  await expect(preview.locator('dt', { hasText: 'New expiry' })).toHaveCount(0);
  const penaltyUrl = `${new URL(page.url()).origin}/r/${penalty}`;
  await expectQrOf(preview.getByRole('img', { name: `QR code of ${penaltyUrl}` }), penaltyUrl);
});

test("an agent's ID card: photo, name, role, Unique ID, the levy and the QR code of /a/{code}; suspended, the QR reads suspended", async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const agent = await registerRemitter(request, admin);

  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/${agent.id}/details`);
  await page.getByRole('link', { name: 'Print ID card' }).click();
  await expect(page).toHaveURL(new RegExp(`/${agent.id}/id-card$`));
  const checkUrl = `${new URL(page.url()).origin}/a/${agent.userCode}`;
  const card = page.getByRole('region', { name: 'ID card preview' });
  await expect(card).toContainText(DEFAULT_LEVY_NAME);
  await expect(card.getByRole('heading', { name: agent.name, exact: true })).toBeVisible();
  await expect(card).toContainText('Remitter');
  await expect(card).toContainText(agent.userCode);
  // Agents register without a portrait (only motorists give one): the photo's place holds their initials.
  await expect(card.getByRole('img', { name: `No photo of ${agent.name}` })).toHaveText('IC');
  await expectQrOf(card.getByRole('img', { name: `QR code of ${checkUrl}` }), checkUrl);
  // CR80, one card.
  const box = (await card.locator('article').boundingBox())!;
  expect([Math.round((box.width * 25.4) / 96), Math.round((box.height * 25.4) / 96)]).toEqual([86, 54]);
  await expectPrintedAlone(page, 'ID card');
  expect(await printedPages(page)).toEqual([{ width: 86, height: 54 }]);

  // Motorists and staff have no ID card.
  const motorist = await registerApprovedMotorist(request, admin, {
    fullName: `Tola Printwell ${randomUUID().slice(0, 6)}`,
    vehicleType: 'bike',
    plan: '6 months',
  });
  await page.goto(`/${motorist.id}/details`);
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Print ID card' })).toHaveCount(0);
  await page.goto(`/${motorist.id}/id-card`);
  await expect(page.getByRole('alert')).toContainText('ID cards are for field agents');

  // Suspended, the card's QR code opens a page that says so, without an account or script.
  expect((await request.post(`/api/suspend/${agent.id}`, { headers: bearer(admin) })).status()).toBe(200);
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const anyone = await phone.newPage();
  await anyone.goto(checkUrl);
  await expect(anyone.getByRole('status')).toHaveText('Suspended: do not pay');
  await expect(anyone.getByRole('heading', { level: 1 })).toHaveText(agent.name);
  await phone.close();
});
