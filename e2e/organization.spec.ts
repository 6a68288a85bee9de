import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner, tabs, toast } from './support/account.ts';

test('the owner edits the contact info and the change persists', async ({ page }) => {
  await signUpOwner(page);

  await sidebar(page).getByRole('link', { name: 'Organization' }).click();
  await expect(page).toHaveURL(/\/settings\/organization\/contact$/);
  await expect(tabs(page).getByRole('link', { name: 'Contact info' })).toHaveAttribute('aria-current', 'page');

  // Nothing changed, nothing to save (like the editor).
  const saveButton = page.getByRole('button', { name: 'Save' });
  await expect(page.getByLabel('City')).toBeVisible();
  await expect(saveButton).toBeDisabled();

  const city = page.getByLabel('City');
  await city.fill('Ljubljana');
  await page.getByLabel('Phone').fill('+386 1 234 5678');
  // The country is chosen by name (here typed in part), stored as its ISO code.
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.fill('Sloven');
  await page.getByRole('option', { name: 'Slovenia', exact: true }).click();
  await expect(country).toHaveValue('Slovenia');
  const saved = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/api/base-accounts/'));
  await expect(saveButton).toBeEnabled();
  await saveButton.click();
  expect((await saved).postDataJSON()).toMatchObject({ contact_info: { city: 'Ljubljana', country: 'SI' } });
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(saveButton).toBeDisabled();
  await screenshot(page, 'organization-01-saved');
  // On Billing info, Country and the field beside it line up (no hint pushing one down).
  await tabs(page).getByRole('link', { name: 'Billing info' }).click();
  await expect(page).toHaveURL(/\/settings\/organization\/billing$/);
  await expect(page.getByLabel('VAT ID')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveCount(0);
  const billingCountry = page.getByRole('combobox', { name: 'Country', exact: true });
  const [countryBox, vatBox] = [await billingCountry.boundingBox(), await page.getByLabel('VAT ID').boundingBox()];
  expect(Math.abs((countryBox?.y ?? 0) - (vatBox?.y ?? 1))).toBeLessThanOrEqual(1);
  await tabs(page).getByRole('link', { name: 'Contact info' }).click();
  await expect(page.getByLabel('Phone')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'organization contact info');

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Ljubljana');
  await expect(page.getByLabel('Phone')).toHaveValue('+386 1 234 5678');
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Slovenia');
  await expect(page.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  await expect(saveButton).toBeDisabled();
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
