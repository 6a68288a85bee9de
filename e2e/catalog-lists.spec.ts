import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page, test } from '@playwright/test';
import { screenshot, sidebar, signUpOwner, tabs, toast } from './support/account.ts';
import { choose, type NewPricingCategory, submitNewPricingCategory } from './support/offers.ts';

const query = (page: Page) => new URL(page.url()).searchParams;

/** The list page's "New pricing category" → the modal → 'Success!'. */
const createPricingCategory = async (page: Page, category: NewPricingCategory) => {
  await page.getByRole('button', { name: 'New pricing category' }).first().click();
  await submitNewPricingCategory(page, category);
  await expect(toast(page, MESSAGES.created).first()).toBeVisible();
};

test('pricing categories: create through the UI, filter by type in the URL', async ({ page }) => {
  await signUpOwner(page);
  // Pricing is a tab of the Catalog area: the sidebar has one item per area, the tabs its pages.
  await expect(sidebar(page).getByRole('link', { name: 'Pricing categories' })).toHaveCount(0);
  await sidebar(page).getByRole('link', { name: 'Catalog', exact: true }).click();
  await tabs(page).getByRole('link', { name: 'Pricing categories' }).click();
  await expect(page).toHaveURL(/\/pricing-categories\?pageSize=25$/);
  // The sidebar keeps its area marked, under one name.
  await expect(sidebar(page).getByRole('link', { name: 'Catalog', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(tabs(page).getByRole('link', { name: 'Pricing categories' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('There are no pricing categories yet.')).toBeVisible();

  // The form checks the age range before anything is sent.
  await page.getByRole('button', { name: 'New pricing category' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New pricing category' });
  await dialog.getByLabel('Minimum age').fill('12');
  await dialog.getByLabel('Maximum age').fill('3');
  await dialog.getByRole('button', { name: 'Create category' }).click();
  await expect(dialog.getByText('Enter a name.')).toBeVisible();
  await expect(dialog.getByText('The maximum age must not be below the minimum age.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await createPricingCategory(page, { name: 'Adult', type: 'Adult', minAge: 18 });
  await createPricingCategory(page, { name: 'Child', type: 'Child', minAge: 3, maxAge: 12 });

  const table = page.getByRole('table', { name: 'Pricing categories' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Adult' })).toContainText('18+');
  await expect(rows.filter({ hasText: 'Child' })).toContainText('3–12 years');
  await screenshot(page, 'catalog-lists-01-pricing-categories');

  // Filter by type: the URL and the table follow.
  await choose(page, 'Type', 'Child');
  await expect.poll(() => query(page).get('type')).toBe('child');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Child');
  await choose(page, 'Type', 'Senior');
  await expect.poll(() => query(page).get('type')).toBe('senior');
  await expect(page.getByText('No pricing categories match these filters.')).toBeVisible();

  // The filter survives a reload; 'All' removes it.
  await page.reload();
  await expect(page.getByText('No pricing categories match these filters.')).toBeVisible();
  await choose(page, 'Type', 'All');
  await expect.poll(() => query(page).has('type')).toBe(false);
  await expect(rows).toHaveCount(2);

  // Edit: the change is saved and listed.
  await page.getByRole('button', { name: 'Edit Child' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Child' });
  await edit.getByLabel('Maximum age').fill('11');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(rows.filter({ hasText: 'Child' })).toContainText('3–11 years');

  // Delete with confirmation.
  await page.getByRole('button', { name: 'Delete Adult' }).click();
  await page.getByRole('dialog', { name: 'Delete pricing category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, MESSAGES.deleted)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Adult' })).toHaveCount(0);

  // The rates tab lists rates across offers; there are none yet.
  await tabs(page).getByRole('link', { name: 'Pricing rates' }).click();
  await expect(page).toHaveURL(/\/pricing-catalogue\?pageSize=25$/);
  await expect(page.getByText('No offer has a rate yet.')).toBeVisible();
});

test('inventory: a category, a tag and an item using them; toggle inactive and filter by active', async ({ page }) => {
  await signUpOwner(page);
  await sidebar(page).getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page).toHaveURL(/\/inventory\/overview\?pageSize=25$/);
  await expect(tabs(page).getByRole('link', { name: 'Items' })).toHaveAttribute('aria-current', 'page');

  // A category.
  await tabs(page).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/inventory\/categories\?pageSize=25$/);
  await page.getByRole('button', { name: 'New category' }).first().click();
  const categoryDialog = page.getByRole('dialog', { name: 'New category' });
  await categoryDialog.getByLabel('Name').fill('Water sports');
  await categoryDialog.getByLabel('Description').fill('Kayaks and paddles');
  await categoryDialog.getByRole('button', { name: 'Create category' }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(toast(page, MESSAGES.created)).toBeVisible();
  const categoryRows = page.getByRole('table', { name: 'Inventory categories' }).locator('tbody tr');
  await expect(categoryRows).toContainText(['Water sports']);
  await expect(categoryRows.filter({ hasText: 'Water sports' })).toContainText('Kayaks and paddles');

  // A tag.
  await tabs(page).getByRole('link', { name: 'Tags' }).click();
  await page.getByRole('button', { name: 'New tag' }).first().click();
  const tagDialog = page.getByRole('dialog', { name: 'New tag' });
  await tagDialog.getByLabel('Name').fill('Summer');
  await tagDialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(tagDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Inventory tags' }).locator('tbody tr')).toContainText(['Summer']);

  // An item using both; a negative price is refused in the form.
  await tabs(page).getByRole('link', { name: 'Items' }).click();
  await expect(page.getByText('There are no inventory items yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New item' }).first().click();
  const itemDialog = page.getByRole('dialog', { name: 'New item' });
  // The required price is empty, not a look-alike value, and the currency is said once: in its select.
  await expect(itemDialog.getByLabel('Price')).not.toHaveAttribute('placeholder', '0.00');
  await expect(itemDialog.getByText('EUR', { exact: true })).toHaveCount(0);
  await expect(itemDialog.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  await itemDialog.getByLabel('Name').fill('Double kayak');
  await choose(page, 'Type', 'Equipment', itemDialog);
  await itemDialog.getByLabel('Stock quantity').fill('8');
  await itemDialog.getByLabel('Price').fill('-25');
  await itemDialog.getByRole('button', { name: 'Create item' }).click();
  await expect(itemDialog.getByText('Enter a price of 0 or more, with at most two decimals.')).toBeVisible();
  await itemDialog.getByLabel('Price').fill('25.5');
  await choose(page, 'Category', 'Water sports', itemDialog);
  const tagInput = itemDialog.getByRole('combobox', { name: 'Tags' });
  await tagInput.fill('Summ');
  await page.getByRole('option', { name: 'Summer', exact: true }).click();
  // A tag created on the spot.
  await tagInput.fill('Rental');
  await page.getByRole('option', { name: '+ Create "Rental"' }).click();
  await expect(itemDialog.getByText('Rental', { exact: true })).toBeVisible();
  // Clicking the title closes the tag dropdown (Escape would close the dialog once it is shut).
  await itemDialog.getByRole('heading', { name: 'New item' }).click();
  await itemDialog.getByRole('button', { name: 'Create item' }).click();
  await expect(itemDialog).toBeHidden();
  await expect(toast(page, MESSAGES.created).first()).toBeVisible();

  const rows = page.getByRole('table', { name: 'Inventory items' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const kayak = rows.filter({ hasText: 'Double kayak' });
  await expect(kayak).toContainText('Equipment');
  await expect(kayak).toContainText('Water sports');
  await expect(kayak).toContainText('Summer');
  await expect(kayak).toContainText('Rental');
  await expect(kayak).toContainText('€25.50');
  await screenshot(page, 'catalog-lists-02-inventory-items');

  // Toggle inactive inline.
  const active = kayak.getByRole('switch', { name: 'Active: Double kayak' });
  await expect(active).toBeChecked();
  // By keyboard: the success toasts of the creations may still cover the row's end.
  await active.focus();
  await page.keyboard.press('Space');
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(active).not.toBeChecked();

  // Filter by active: the URL carries is_active; the inactive item only shows under Inactive.
  const activeFilter = page.getByRole('radiogroup', { name: 'Active', exact: true });
  await activeFilter.getByText('Active', { exact: true }).click();
  await expect.poll(() => query(page).get('is_active')).toBe('true');
  await expect(page.getByText('No items match these filters.')).toBeVisible();
  await activeFilter.getByText('Inactive', { exact: true }).click();
  await expect.poll(() => query(page).get('is_active')).toBe('false');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Double kayak');
  await activeFilter.getByText('All', { exact: true }).click();
  await expect.poll(() => query(page).has('is_active')).toBe(false);

  // The counts on the category and tag lists include the item.
  await tabs(page).getByRole('link', { name: 'Tags' }).click();
  const tagRows = page.getByRole('table', { name: 'Inventory tags' }).locator('tbody tr');
  await expect(tagRows).toHaveCount(2);
  await expect(tagRows.filter({ hasText: 'Summer' }).locator('td').nth(1)).toHaveText('1');
  await expect(tagRows.filter({ hasText: 'Rental' }).locator('td').nth(1)).toHaveText('1');
  await screenshot(page, 'catalog-lists-03-inventory-tags');
  await tabs(page).getByRole('link', { name: 'Categories' }).click();
  await expect(categoryRows.filter({ hasText: 'Water sports' }).locator('td').nth(1)).toHaveText('1');
});
