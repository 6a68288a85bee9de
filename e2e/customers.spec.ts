import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';

test.describe.configure({ timeout: 120_000 });

test('an owner keeps customers: creates two, finds one, edits it, merges the duplicate, and reads them on a phone', async ({
  page,
}) => {
  const owner = await signUpOwner(page);
  await page.goto(dashboardUrl(owner.subdomain, '/customers/list'));
  await expect(page.getByText('There are no customers yet.')).toBeVisible();

  const createCustomer = async (fields: Record<string, string>) => {
    await page.getByRole('button', { name: 'New customer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New customer' });
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByRole('button', { name: 'Create customer' }).click();
    await expect(toast(page, MESSAGES.created).last()).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await createCustomer({ 'First name': 'Ada', 'Last name': 'Lovelace', Email: 'ada@example.test', Phone: '+44 20 7946 0000' });
  await createCustomer({ 'First name': 'Ada', 'Last name': 'Lovelace (2)', Email: 'ada.l@example.test' });

  // The same email twice is refused under the field.
  await page.getByRole('button', { name: 'New customer' }).first().click();
  const again = page.getByRole('dialog', { name: 'New customer' });
  await again.getByLabel('Email', { exact: true }).fill('ADA@example.test');
  await again.getByRole('button', { name: 'Create customer' }).click();
  await expect(again.getByText('A customer with this email already exists.')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('7946');
  await expect(page).toHaveURL(/search=7946/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('');
  await expect(table.getByRole('row')).toHaveCount(3);

  // Edit: a country from the searchable list and a note.
  await page.getByRole('button', { name: 'Actions for Ada Lovelace', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit customer' });
  await edit.getByLabel('Country').fill('United King');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await edit.getByLabel('Notes').fill('Prefers the morning tours');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, MESSAGES.updated).last()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'ada@example.test' })).toContainText('United Kingdom');

  // Merge the duplicate into the first one.
  await page.getByRole('button', { name: 'Actions for Ada Lovelace', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Merge a duplicate…' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge a duplicate into Ada Lovelace' });
  await merge.getByLabel('Duplicate').click();
  await page.getByRole('option', { name: /Ada Lovelace \(2\)/ }).click();
  await expectNoSeriousA11yViolations(page, 'merge dialog');
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(toast(page, MESSAGES.updated).last()).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('ada.l@example.test')).toHaveCount(0);

  await page.getByRole('button', { name: 'Open Ada Lovelace' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ada Lovelace' });
  await expect(drawer.getByText('Prefers the morning tours')).toBeVisible();
  await expect(drawer.getByText('United Kingdom')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'customer drawer');
  await screenshot(page, 'customers-01-drawer');
  await page.keyboard.press('Escape');
  await screenshot(page, 'customers-02-list');

  // On a phone the list is cards with the key fields and the actions.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Customers' })).toHaveCount(0);
  await expect(page.getByText('ada@example.test')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for Ada Lovelace', exact: true })).toBeVisible();
  await screenshot(page, 'customers-03-phone');
});
