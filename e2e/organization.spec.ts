import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { dashboardUrl, screenshot, sidebar, signUpOwner, tabs, toast } from './support/account.ts';

test('the owner edits the contact info and the change persists', async ({ page }) => {
  await signUpOwner(page);

  await sidebar(page).getByRole('link', { name: 'Organization' }).click();
  await expect(page).toHaveURL(/\/settings\/organization\/contact$/);
  await expect(tabs(page).getByRole('link', { name: 'Contact info' })).toHaveAttribute('aria-current', 'page');

  const city = page.getByLabel('City');
  await city.fill('Ljubljana');
  await page.getByLabel('Phone').fill('+386 1 234 5678');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await screenshot(page, 'organization-01-saved');

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Ljubljana');
  await expect(page.getByLabel('Phone')).toHaveValue('+386 1 234 5678');
  await expect(page.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
});

test('a user edits their own profile and the change persists', async ({ page }) => {
  const owner = await signUpOwner(page);
  await page.goto(dashboardUrl(owner.subdomain, '/settings/account'));
  await page.getByLabel('First name').fill('Renata');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Renata');
});
