import { maskEmail } from '@eticket/contracts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from './fixtures/accounts.ts';
import { chooseImage, dialog, FIXTURE_IMAGES, rowAction, rowOf, search, uniquePhone, uniqueSuffix } from './support/people.ts';
import { signIn } from './support/signIn.ts';

interface Person {
  fullName: string;
  email: string;
}

function newPerson(label: string): Person {
  const suffix = uniqueSuffix();
  return { fullName: `${label} ${suffix}`, email: `${label.replace(/\s+/g, '.')}.${suffix}@example.com` };
}

async function fillPersonal(form: Locator, person: Person) {
  await form.getByLabel('Full Name').fill(person.fullName.toUpperCase());
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill('Staff-Pass-2024');
  await form.getByLabel('Phone').fill(uniquePhone());
}

async function fillGuarantor(form: Locator, page: Page) {
  await expect(form.getByText('Step 2 of 2')).toBeVisible();
  await form.getByLabel("Guarantor's Name").fill('Ngozi Guarantor');
  await form.getByLabel("Guarantor's Phone").fill(uniquePhone());
  await form.getByLabel("Guarantor's Address").fill('4 Allen Avenue, Ikeja');
  await form.getByLabel("Guarantor's ID Type").selectOption('drivers-license');
  await chooseImage(form, page, "Guarantor's ID Front Image", FIXTURE_IMAGES.png);
}

/** Submits the form's last step and waits for the modal to close on the 201. */
async function submit(page: Page, form: Locator, message: string) {
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(message).first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
});

test('creates an admin, and shows the server refusing a duplicate email above the form', async ({ page }) => {
  const admin = newPerson('adaeze admin');
  await page.goto('/admins');
  await expect(page.getByRole('heading', { name: 'Admin', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create Admin' }).click();
  const form = dialog(page, 'Create Admin');
  await expect(form.getByText(/Step \d of/)).toHaveCount(0);

  await form.getByLabel('Full Name').fill('Someone');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('All field are required');

  await fillPersonal(form, { ...admin, email: ACCOUNTS.admin.email });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('email is already in use');

  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Address').fill('7 Awolowo Road');
  await form.getByLabel('Marital Status').selectOption('single');
  await form.getByLabel('ID Type').selectOption('business-id');
  await chooseImage(form, page, 'ID Front Image', FIXTURE_IMAGES.png);
  await submit(page, form, 'Admin registered successfully');
  const row = rowOf(page, admin.fullName);
  // Lists carry emails masked (issue 46).
  await expect(row).toContainText(maskEmail(admin.email));
  await expect(row).toContainText('Pending');
  // Admins are never deleted: the menu offers approve and suspend only.
  await page.getByRole('button', { name: `Actions for ${admin.fullName}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Approve', 'Suspend']);
  await page.keyboard.press('Escape');
});

test('creates a manager in two steps', async ({ page }) => {
  const manager = newPerson('mariam manager');
  await page.goto('/managers');
  await page.getByRole('link', { name: 'View New Manager' }).click();
  await expect(page).toHaveURL(/\/newmanager$/);
  await page.getByRole('button', { name: 'Create Manager' }).click();
  const form = dialog(page, 'Create Manager');
  await expect(form.getByText('Step 1 of 2')).toBeVisible();
  await fillPersonal(form, manager);
  await form.getByLabel('Address').fill('2 Marina, Lagos');
  await form.getByLabel('Department').selectOption({ label: 'Enforcer' });
  await form.getByRole('button', { name: 'Next' }).click();
  await fillGuarantor(form, page);
  await submit(page, form, 'Manager registered successfully');
  await expect(rowOf(page, manager.fullName)).toContainText('Pending');

  await page.goto('/managers');
  await rowAction(page, manager.fullName, 'Approve');
  await expect(rowOf(page, manager.fullName)).toContainText('Approved by Super Admin');
  await rowOf(page, manager.fullName).getByRole('link').click();
  await expect(page.getByText('Enforcer manager')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Guarantor' })).toContainText('Ngozi Guarantor');

  // Edit Profile (super-admin and admin) changes the record the page shows.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = dialog(page, 'Edit Profile');
  await edit.getByLabel('Address').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toHaveText('All field are required');
  await edit.getByLabel('Address').fill('15 Ozumba Mbadiwe, Victoria Island');
  await edit.getByLabel('Marital Status').selectOption('married');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Personal details' })).toContainText('15 ozumba mbadiwe, victoria island');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Personal details' })).toContainText('married');
});

test('a new remitter waits on the new-remitter page until approved, then joins the remitter list', async ({ page }) => {
  const remitter = newPerson('remi remitter');
  await page.goto('/newremitter');
  await page.getByRole('button', { name: 'Create Remitter' }).click();
  const form = dialog(page, 'Create Remitter');
  await fillPersonal(form, remitter);
  await form.getByLabel('Address').fill('9 Broad Street');
  await form.getByLabel('Route').fill('CMS - Obalende');
  // Remitters are offered single and married only.
  await expect(form.getByLabel('Marital Status').locator('option')).toHaveText(['Choose…', 'single', 'married']);
  await form.getByRole('button', { name: 'Next' }).click();
  await fillGuarantor(form, page);
  await form.getByRole('button', { name: 'Previous' }).click();
  await expect(form.getByLabel('Route')).toHaveValue('CMS - Obalende');
  await form.getByRole('button', { name: 'Next' }).click();
  await submit(page, form, 'Agent registered successfully');
  await expect(rowOf(page, remitter.fullName)).toContainText('Pending');

  await page.goto('/remitters');
  await expect(page.getByRole('columnheader', { name: 'Unique ID' })).toBeVisible();
  await expect(rowOf(page, remitter.fullName)).toHaveCount(0);
  await page.goto('/newremitter');
  await rowAction(page, remitter.fullName, 'Approve');
  await expect(rowOf(page, remitter.fullName)).toHaveCount(0);
  await page.goto('/remitters');
  await expect(rowOf(page, remitter.fullName)).toContainText('Approved by Super Admin');
  await rowAction(page, remitter.fullName, 'Suspend');
  await expect(rowOf(page, remitter.fullName)).toContainText('Suspended by Super Admin');
});

test('creates an enforcer; New Enforcer lists those awaiting approval, Enforcers opens on all', async ({ page }) => {
  const enforcer = newPerson('eno enforcer');
  await page.goto('/newenforcer');
  await page.getByRole('button', { name: 'Create Enforcer' }).click();
  const form = dialog(page, 'Create Enforcer');
  await fillPersonal(form, enforcer);
  await form.getByLabel('Address').fill('1 Herbert Macaulay Way');
  await form.getByLabel('Route').fill('Yaba - Surulere');
  await expect(form.getByLabel('Marital Status').locator('option')).toHaveText(['Choose…', 'single', 'married', 'divorced']);
  await form.getByRole('button', { name: 'Next' }).click();
  await fillGuarantor(form, page);
  await submit(page, form, 'Agent registered successfully');

  // New Enforcer: pending enforcers only (the server filters), and its search looks among them.
  await expect(rowOf(page, enforcer.fullName)).toContainText('Pending');
  await expect(rowOf(page, ACCOUNTS.enforcer.fullName)).toHaveCount(0);
  await search(page, enforcer.fullName);
  await expect(page.getByRole('table', { name: 'Enforcer list' }).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, enforcer.fullName)).toContainText('Pending');

  // Enforcers: every enforcer, approved and pending, with no search set.
  await page.goto('/enforcers');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(rowOf(page, ACCOUNTS.enforcer.fullName)).toContainText('Approved');
  await expect(rowOf(page, enforcer.fullName)).toContainText('Pending');
  await rowAction(page, enforcer.fullName, 'Delete');
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(rowOf(page, enforcer.fullName)).toHaveCount(0);
});

test('creates a registrar and a union user', async ({ page }) => {
  const registrar = newPerson('rita registrar');
  await page.goto('/registrars');
  await page.getByRole('link', { name: 'View New Registrar' }).click();
  await page.getByRole('button', { name: 'Create Registrar' }).click();
  const form = dialog(page, 'Create Registrar');
  await fillPersonal(form, registrar);
  await form.getByLabel('Address').fill('3 Ring Road, Ibadan');
  await form.getByLabel('Route').fill('Ojoo - Dugbe');
  await form.getByRole('button', { name: 'Next' }).click();
  await fillGuarantor(form, page);
  await submit(page, form, 'Agent registered successfully');
  await expect(rowOf(page, registrar.fullName)).toContainText('Pending');

  const unionUser = newPerson('uche union');
  await page.goto('/unions');
  await expect(page.getByRole('heading', { name: 'Unions / Partner' })).toBeVisible();
  await page.getByRole('button', { name: 'Create User' }).click();
  const unionForm = dialog(page, 'Create User');
  await fillPersonal(unionForm, unionUser);
  await unionForm.getByLabel('Role').selectOption('bus');
  await unionForm.getByLabel('Union Name').fill('Bus Owners Union');
  await submit(page, unionForm, 'User registered successfully');
  const row = rowOf(page, unionUser.fullName);
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^[a-z0-9]{8,}$/); // Unique ID
});

test('marks each empty required field, then each field the rules refuse, going back to its step', async ({ page }) => {
  await page.goto('/newmanager');
  await page.getByRole('button', { name: 'Create Manager' }).click();
  const form = dialog(page, 'Create Manager');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('alert').first()).toHaveText('All field are required');
  for (const label of ['Full Name', 'Email', 'Phone', 'Address']) {
    await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.getByText('Required', { exact: true })).toHaveCount(6); // and Password, Department

  await fillPersonal(form, { fullName: 'Mark Fields', email: 'not-an-email' });
  await form.getByLabel('Address').fill('2 Marina, Lagos');
  await form.getByLabel('Department').selectOption({ label: 'Enforcer' });
  await expect(form.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Next' }).click();
  await fillGuarantor(form, page);
  await form.getByLabel("Guarantor's Phone").fill('12');
  await form.getByRole('button', { name: 'Submit' }).click();
  // Back on step 1, where the first refused field is; each says its own problem.
  await expect(form.getByText('Step 1 of 2')).toBeVisible();
  await expect(form.getByText('Email must be a valid email address', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText(/^Guarantor's Phone /)).toBeVisible();
});
