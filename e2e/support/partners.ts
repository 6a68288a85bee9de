import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page } from '@playwright/test';
import { activateFromMail, BARE, login, newOwner, type Owner, toast } from './account.ts';
import { choose } from './offers.ts';

/** Registers, activates and signs in an affiliate (a reseller organization). */
export const signUpAffiliate = async (page: Page): Promise<Owner> => {
  const owner = { ...newOwner(), organization: `Agency ${Date.now().toString(36)}` };
  await page.goto(`${BARE}/auth/register`, { timeout: 30_000 });
  await page.getByText('Affiliate', { exact: true }).click();
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Silva');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Organization name').fill(owner.organization);
  await page.getByLabel('Subdomain').fill(owner.subdomain);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(MESSAGES.registered)).toBeVisible({ timeout: 30_000 });
  await activateFromMail(page, owner.email);
  await login(page, owner.email, owner.password, owner.subdomain);
  return owner;
};

/**
 * From the Stores page: a new store made Active; answers its slug and leaves the page on the store's
 * settings (the "updated" toast closed, so the next save's toast can be told apart from it).
 */
export const createActiveStore = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Create store' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create store' });
  await dialog.getByLabel('Name').fill(name);
  const slug = await dialog.getByLabel('Slug').inputValue();
  await dialog.getByRole('button', { name: 'Create store' }).click();
  await expect(toast(page, MESSAGES.storeCreated)).toBeVisible();
  await page.getByLabel('Status').getByText('Active', { exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const updated = toast(page, MESSAGES.storeUpdated);
  await expect(updated).toBeVisible();
  await updated.getByRole('button').first().click();
  await expect(updated).toHaveCount(0);
  return slug;
};

/** The store sections' tabs (Settings, Products, Global catalog, …). */
export const storeTabs = (page: Page) => page.getByRole('navigation', { name: 'Store sections' });

/** In the open store: its Global catalog narrowed to one supplier's (external) offers; answers the table. */
export const supplierCatalog = async (page: Page, supplier: string) => {
  await storeTabs(page).getByRole('link', { name: 'Global catalog' }).click();
  await page.getByRole('radiogroup', { name: 'Marketplace' }).getByText('External').click();
  await expect(page).toHaveURL(/ownership=external/);
  await choose(page, 'Supplier', supplier);
  await expect(page).toHaveURL(/supplier=/);
  return page.getByRole('table', { name: 'Offers to add' });
};
