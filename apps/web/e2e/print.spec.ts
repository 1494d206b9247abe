import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { DEFAULT_LEVY_NAME, idCardValidUntil, printedName } from '@eticket/contracts';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { ensurePlan, setPenalty } from './support/allocation.ts';
import { chooseImage, dialog, FIXTURE_IMAGES, rowOf, uniquePhone, uniqueSuffix } from './support/people.ts';
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

/** Registers a remitter through the console's form, with a portrait uploaded, and approves it; its id from the details link. */
async function registerRemitter(page: Page, request: APIRequestContext, token: string) {
  const tag = uniqueSuffix();
  const fullName = `ike cardholder ${tag}`;
  await page.goto('/newremitter');
  await page.getByRole('button', { name: 'Create Remitter' }).click();
  const form = dialog(page, 'Create Remitter');
  await form.getByLabel('Full Name').fill(fullName);
  await form.getByLabel('Email').fill(`cardholder.${tag}@e2e.test`);
  await form.getByLabel('Password').fill('Agent-Pass-2024-x');
  await form.getByLabel('Phone').fill(uniquePhone());
  await form.getByLabel('Address').fill('9 Ikorodu Road');
  await form.getByLabel('Route').fill('Yaba');
  await chooseImage(form, page, 'Or upload a portrait', FIXTURE_IMAGES.png);
  await expect(form.getByRole('img', { name: 'Portrait selfie preview' })).toBeVisible();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByLabel("Guarantor's Name").fill('Bisi Guarantor');
  await form.getByLabel("Guarantor's Phone").fill(uniquePhone());
  await form.getByLabel("Guarantor's Address").fill('5 Allen Avenue');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toHaveCount(0);
  const link = rowOf(page, fullName).getByRole('link', { name: fullName });
  const id = /\/([0-9a-f-]{36})\/details/.exec((await link.getAttribute('href')) ?? '')![1];
  expect((await request.post(`/api/approve/${id}`, { headers: bearer(token) })).status()).toBe(200);
  const details = await request.get(`/api/user/${id}/details`, { headers: bearer(token) });
  const { userCode } = (await details.json()).data as { userCode: string };
  // Stored lower-cased, printed capitalised.
  return { id, userCode, name: printedName(fullName) };
}

/** The smallest text size in this element, in points (1 pt = 4/3 px). */
async function smallestTextPt(scope: Locator): Promise<number> {
  return scope.evaluate((root) => {
    const sizes = [root, ...root.querySelectorAll('*')]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== ''))
      .map((element) => parseFloat(getComputedStyle(element).fontSize));
    return Math.round(((Math.min(...sizes) * 72) / 96) * 100) / 100;
  });
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

test("an agent's ID card: portrait, name, role, Unique ID, validity, the levy and the QR code of /a/{code}; suspended, the QR reads suspended", async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  await signIn(page, ACCOUNTS.admin);
  const agent = await registerRemitter(page, request, admin);

  await page.goto(`/${agent.id}/details`);
  await page.getByRole('link', { name: 'Print ID card' }).click();
  await expect(page).toHaveURL(new RegExp(`/${agent.id}/id-card$`));
  const checkUrl = `${new URL(page.url()).origin}/a/${agent.userCode}`;
  const card = page.getByRole('region', { name: 'ID card preview' });
  await expect(card).toContainText(DEFAULT_LEVY_NAME);
  await expect(card.getByRole('heading', { name: agent.name, exact: true })).toBeVisible();
  await expect(card).toContainText('Remitter');
  await expect(card).toContainText(agent.userCode);
  // The portrait given on the console's form, through a short-lived signed link.
  const photo = card.getByRole('img', { name: `Photo of ${agent.name}` });
  await expect(photo).toHaveAttribute('src', /^\/api\/files\/[^?]+\?expires=\d+&signature=/);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // Valid a year from printing; every label legible (7 pt or more), all of it on the card.
  await expect(card.locator('p.label', { hasText: 'Valid until' }).locator('+ p')).toHaveText(idCardValidUntil(new Date()));
  expect(await smallestTextPt(card.locator('article'))).toBeGreaterThanOrEqual(7);
  const cardBox = (await card.locator('article').boundingBox())!;
  const validBox = (await card.getByText(idCardValidUntil(new Date())).boundingBox())!;
  expect(validBox.y + validBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
  await expectQrOf(card.getByRole('img', { name: `QR code of ${checkUrl}` }), checkUrl);
  // CR80, one card.
  expect([Math.round((cardBox.width * 25.4) / 96), Math.round((cardBox.height * 25.4) / 96)]).toEqual([86, 54]);
  await expectPrintedAlone(page, 'ID card');
  expect(await printedPages(page)).toEqual([{ width: 86, height: 54 }]);

  // The public agent page shows the same portrait, also through a signed link.
  const publicPage = await page.request.get(checkUrl);
  expect(await publicPage.text()).toMatch(/<img[^>]+src="\/api\/files\/[^"]+\?expires=\d+&amp;signature=/);

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

test("a motorist's sticker reprints from their details, on an A6 label or a 58 mm roll: the levy, the plate and the QR code of /v/{code}", async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, ACCOUNTS.superAdmin);
  const motorist = await registerApprovedMotorist(request, admin, {
    fullName: `Tola Printwell ${randomUUID().slice(0, 6)}`,
    vehicleType: 'keke',
    plan: '6 months',
  });
  await signIn(page, ACCOUNTS.admin);
  await page.goto(`/${motorist.id}/details`);
  await page.getByRole('region', { name: 'QR code' }).getByRole('link', { name: 'Print QR code' }).click();
  await expect(page).toHaveURL(new RegExp(`/${motorist.id}/sticker$`));
  await expect(page.getByRole('heading', { name: `Sticker of ${motorist.plateNumber.toUpperCase()}` })).toBeVisible();

  const checkUrl = `${new URL(page.url()).origin}/v/${motorist.userCode}`;
  const preview = page.getByRole('region', { name: 'Sticker preview' });
  const expectFields = async () => {
    await expect(preview.getByRole('heading')).toHaveText(DEFAULT_LEVY_NAME);
    for (const text of [motorist.plateNumber.toUpperCase(), 'Keke', motorist.userCode, checkUrl]) await expect(preview, text).toContainText(text);
    await expectQrOf(preview.getByRole('img', { name: `QR code of ${checkUrl}` }), checkUrl);
    expect(await smallestTextPt(preview.locator('article'))).toBeGreaterThanOrEqual(7);
  };

  // A6 by default: one label of A6's size, printed alone.
  await expect(page.getByRole('radio', { name: 'A6 label' })).toBeChecked();
  await expectFields();
  await expectPrintedAlone(page, 'Sticker');
  expect(await printedPages(page)).toEqual([{ width: 105, height: 148 }]);

  // 58 mm roll: 58 mm wide, one page as long as the sticker.
  await page.getByText('58 mm thermal').click();
  await expect(page).toHaveURL(/layout=thermal/);
  await expect(preview.locator('article')).toHaveAttribute('data-layout', 'thermal');
  await expectFields();
  await expectPrintedAlone(page, 'Sticker');
  const roll = await printedPages(page);
  expect(roll).toHaveLength(1);
  expect(roll[0].width).toBe(58);
  expect(roll[0].height).toBeGreaterThan(60);
  expect(roll[0].height).toBeLessThan(160);

  // The sticker's QR code opens the vehicle's public check.
  const check = await page.request.get(checkUrl);
  expect(check.status()).toBe(200);
});
