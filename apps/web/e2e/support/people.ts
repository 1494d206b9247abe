import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export const FIXTURE_IMAGES = {
  png: path.join(import.meta.dirname, '../fixtures/id-front.png'),
  jpeg: path.join(import.meta.dirname, '../fixtures/id-back.jpg'),
};

let sequence = 0;
/** A suffix no other person in this run has: emails, phones and plate numbers must be unique. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
}

/** A Nigerian mobile number unlikely to be taken in this run. */
export function uniquePhone(): string {
  const digits = `${Date.now()}${sequence}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return `0803${digits}`;
}

/** Chooses an image in a file field (a button that opens the file chooser). */
export async function chooseImage(scope: Page | Locator, page: Page, label: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

/** The open modal with this title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** A people table's row holding this text. */
export function rowOf(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** Types in the list's search box and waits for the table to show the result. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
}

/** Actions the console asks to confirm first. */
const CONFIRMED = new Set(['Suspend', 'Delete', 'Force logout']);

/** Runs a row action from its Actions menu, confirming the destructive ones. */
export async function rowAction(page: Page, fullName: string, action: 'Approve' | 'Suspend' | 'Delete' | 'Force logout'): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${fullName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
  if (CONFIRMED.has(action)) await dialog(page, action).getByRole('button', { name: action }).click();
}

/** The signed-in session's token, for setting up data through the API. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  return token!;
}
