import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { activateFromMail, BARE, dashboardUrl, fillRegistration, newOwner, screenshot } from './support/account.ts';
import { latestMailTo, linkIn } from './support/mail.ts';

test('a supplier registers, activates the account from the mail and logs in on their subdomain', async ({ page }) => {
  const owner = newOwner();

  await fillRegistration(page, owner);
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();
  // Off to /dashboard, which on the bare domain without a session asks for a login.
  await page.waitForURL(`${BARE}/auth/login`);
  await expect(page.getByRole('heading', { name: 'Log in to Excursio' })).toBeVisible();
  await screenshot(page, 'registration-01-registered');

  const mail = await latestMailTo(owner.email);
  expect(linkIn(mail, '/auth/activate')).toContain('token=');
  await activateFromMail(page, owner.email);
  await expect(page.getByText('You can now log in to Excursio.')).toBeVisible();
  await screenshot(page, 'registration-02-activated');

  // A wrong password: an error toast, and the browser stays on the login page.
  await page.goto(`${BARE}/auth/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill('Not-The-Right-One-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  const errorToast = page.getByRole('alert').filter({ hasText: 'Error' });
  await expect(errorToast).toBeVisible();
  await expect(page).toHaveURL(`${BARE}/auth/login`);
  await screenshot(page, 'registration-03-wrong-password');

  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(dashboardUrl(owner.subdomain));
  await expect(page.getByRole('heading', { name: 'Welcome, Erika' })).toBeVisible();
  await expect(page.getByRole('main').getByText(owner.organization).first()).toBeVisible();
  await screenshot(page, 'registration-04-dashboard');
});
