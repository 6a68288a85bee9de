import { expect, test } from '@playwright/test';
import { BARE, dashboardUrl, screenshot, signUpOwner } from './support/account.ts';

test('signing out from the user menu ends the session on the subdomain', async ({ page }) => {
  const owner = await signUpOwner(page);

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toContainText(owner.subdomain);
  await screenshot(page, 'logout-01-user-menu');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${BARE}/auth/login`);
  await expect(page.getByRole('heading', { name: 'Log in to Excursio' })).toBeVisible();

  // The dashboard on the organization's own subdomain now asks for a login.
  await page.goto(dashboardUrl(owner.subdomain));
  await page.waitForURL(dashboardUrl(owner.subdomain, '/auth/login'));
  await expect(page.getByRole('heading', { name: 'Log in to Excursio' })).toBeVisible();
  await screenshot(page, 'logout-02-dashboard-asks-login');
});
