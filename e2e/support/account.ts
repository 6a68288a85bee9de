import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page } from '@playwright/test';
import { latestMailTo, linkIn } from './mail.ts';

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BARE = `http://localhost:${PORT}`;
export const PASSWORD = 'Lantern-Harbour-93!';

/** A subdomain label nobody else uses in this run. */
export const uniqueName = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type Owner = { email: string; password: string; organization: string; subdomain: string };

export const newOwner = (): Owner => {
  const subdomain = uniqueName();
  return { email: `owner-${subdomain}@example.test`, password: PASSWORD, organization: `Org ${subdomain}`, subdomain };
};

export const dashboardUrl = (subdomain: string, path = '/dashboard') => `http://${subdomain}.localhost:${PORT}${path}`;

/** Fills and submits the registration form on the bare domain, as a supplier. */
export const fillRegistration = async (page: Page, owner: Owner) => {
  await page.goto(`${BARE}/auth/register`);
  await page.getByText('Supplier', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Supplier' })).toBeChecked();
  await page.getByLabel('First name').fill('Erika');
  await page.getByLabel('Last name').fill('Example');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Organization name').fill(owner.organization);
  await page.getByLabel('Subdomain').fill(owner.subdomain);
  await page.getByRole('button', { name: 'Create account' }).click();
};

/** Opens the activation link from the newest mail and waits for the confirmation. */
export const activateFromMail = async (page: Page, email: string) => {
  const mail = await latestMailTo(email);
  await page.goto(linkIn(mail, '/auth/activate'));
  await expect(page.getByText('Your account is active')).toBeVisible();
};

/** Logs in on the bare domain and waits for the subdomain's dashboard. */
export const login = async (page: Page, email: string, password: string, subdomain: string) => {
  await page.goto(`${BARE}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(dashboardUrl(subdomain));
};

/** Register + activate + login: a fresh owner on their dashboard. */
export const signUpOwner = async (page: Page): Promise<Owner> => {
  const owner = newOwner();
  await fillRegistration(page, owner);
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();
  await activateFromMail(page, owner.email);
  await login(page, owner.email, owner.password, owner.subdomain);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  return owner;
};

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `${PORT === 3100 ? 'test-results' : `test-results-${PORT}`}/screens/${name}.png` });

/** The sidebar of the dashboard. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The tabs under the page title. */
export const tabs = (page: Page) => page.getByRole('navigation', { name: 'Sub-navigation' });

/** A success toast with exactly this text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Invites a member through the Members page's dialog, with the given role. */
export const inviteMember = async (page: Page, email: string, role: string) => {
  await page.getByRole('button', { name: 'Invite member' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').click();
  await expect(page.getByRole('option', { name: role, exact: true })).toBeVisible();
  // Nobody can be invited as a second owner.
  await expect(page.getByRole('option', { name: 'Owner', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Team members' }).getByRole('row').filter({ hasText: email })).toBeVisible();
};

/** Creates a role on the Roles tab with the given permissions. */
export const createRole = async (page: Page, name: string, permissions: string[]) => {
  await tabs(page).getByRole('link', { name: 'Roles' }).click();
  await page.getByRole('button', { name: 'New role' }).click();
  const dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Name').fill(name);
  for (const permission of permissions) await dialog.getByRole('checkbox', { name: permission }).check();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: name })).toBeVisible();
  await tabs(page).getByRole('link', { name: 'Members' }).click();
};
