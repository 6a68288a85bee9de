import { expect, type Page, test } from '@playwright/test';
import { createRole, dashboardUrl, inviteMember, login, screenshot, sidebar, signUpOwner, toast } from './support/account.ts';
import { DEMO } from './support/demo.ts';

const query = (page: Page) => new URL(page.url()).searchParams;
const queryString = (page: Page) => new URL(page.url()).search;

test('the members list keeps its filters, search, paging and sorting in the URL', async ({ page }) => {
  const owner = await signUpOwner(page);
  await sidebar(page).getByRole('link', { name: 'Team', exact: true }).click();

  // pageSize is written on load.
  await expect(page).toHaveURL(/\/settings\/team\/members\?pageSize=25$/);
  const table = page.getByRole('table', { name: 'Team members' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);

  await createRole(page, 'Guide', ['View experiences']);
  await expect(page).toHaveURL(/\/settings\/team\/members\?pageSize=25$/);
  const emails = ['anna', 'bruno', 'clara', 'dario', 'emil'].map((name) => `${name}-${owner.subdomain}@example.test`);
  for (const email of emails) await inviteMember(page, email, 'Guide');
  await expect(rows).toHaveCount(6);

  // Five rows a page, then the pager to page 2.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await expect.poll(() => queryString(page)).toBe('?pageSize=5');
  await expect(rows).toHaveCount(5);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect.poll(() => query(page).get('page')).toBe('2');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('pager-range')).toHaveText('6–6 of 6');
  await screenshot(page, 'list-01-page-2');

  // A filter removes page and keeps pageSize.
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Invited', { exact: true }).click();
  await expect.poll(() => queryString(page)).toBe('?pageSize=5&status=invited');
  await expect(page.getByTestId('pager-range')).toHaveText('1–5 of 5');
  // 'All' removes the filter again.
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('All', { exact: true }).click();
  await expect.poll(() => queryString(page)).toBe('?pageSize=5');

  // Search reaches the URL only after the debounce.
  const search = page.getByRole('searchbox', { name: 'Search team members' });
  await search.fill('clara');
  expect(query(page).has('search')).toBe(false);
  await expect.poll(() => query(page).get('search'), { timeout: 1_500 }).toBe('clara');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(emails[2]);
  await screenshot(page, 'list-02-search');

  // A reload restores the term into the box and the filtered list.
  await page.reload();
  await expect(search).toHaveValue('clara');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(emails[2]);

  // Reset keeps only pageSize.
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Invited', { exact: true }).click();
  await expect.poll(() => query(page).get('status')).toBe('invited');
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect.poll(() => queryString(page)).toBe('?pageSize=5');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('pager-range')).toHaveText('1–5 of 6');

  // Sorting writes ordering=field, then -field.
  await table.getByRole('button', { name: 'Email' }).click();
  await expect.poll(() => query(page).get('ordering')).toBe('email');
  await expect(rows.first()).toContainText(emails[0]);
  await table.getByRole('button', { name: 'Email' }).click();
  await expect.poll(() => query(page).get('ordering')).toBe('-email');
  await expect(rows.first()).toContainText(`owner-${owner.subdomain}`);
  await expect(table.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
  await screenshot(page, 'list-03-sorted');
});

test('hand-edited URLs: values a list does not offer are dropped, bad ids and days behave as missing ones', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  const invalidText = page.getByText(/Invalid|Id:|Ordering:|Status:/);

  // A filter value and an ordering the list does not offer: the whole list, the URL corrected, no validation text.
  await page.goto(dashboardUrl(DEMO.subdomain, '/orders/list?pageSize=25&status=bogus&ordering=bogus&payment_status=paid'));
  await expect.poll(() => queryString(page), { timeout: 30_000 }).toBe('?pageSize=25');
  await expect(page.getByRole('table', { name: 'Orders' }).locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(invalidText).toHaveCount(0);
  // A good one stays.
  await page.goto(dashboardUrl(DEMO.subdomain, '/orders/list?pageSize=25&status=confirmed&ordering=-total'));
  await expect(page.getByTestId('pager-range')).toBeVisible({ timeout: 30_000 });
  expect(queryString(page)).toBe('?pageSize=25&status=confirmed&ordering=-total');
  await page.goto(dashboardUrl(DEMO.subdomain, '/products/experiences/overview?pageSize=10&type=bogus&ordering=-nope'));
  await expect.poll(() => queryString(page), { timeout: 30_000 }).toBe('?pageSize=10');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // An editor id that is no id: the offer and order editors go back to their lists saying the record does not exist.
  await page.goto(dashboardUrl(DEMO.subdomain, '/products/experiences/editor/bogus/basic-info'));
  await expect(page).toHaveURL(/\/products\/experiences\/overview/, { timeout: 30_000 });
  await expect(toast(page, 'Not found.')).toBeVisible();
  await expect(invalidText).toHaveCount(0);
  await page.goto(dashboardUrl(DEMO.subdomain, '/orders/editor/bogus/details'));
  await expect(page).toHaveURL(/\/orders\/list/, { timeout: 30_000 });
  await expect(toast(page, 'This order does not exist.')).toBeVisible();
  await expect(invalidText).toHaveCount(0);
  // The store editor shows it in place.
  await page.goto(dashboardUrl(DEMO.subdomain, '/sales/stores/editor/bogus/settings'));
  await expect(page.getByRole('alert').filter({ hasText: 'The store could not be loaded' })).toContainText(
    'This store does not exist.',
    { timeout: 30_000 },
  );
  await expect(invalidText).toHaveCount(0);
  await screenshot(page, 'list-05-bad-store-id');

  // A day that is no day: today, in the URL and in the heading.
  await page.goto(dashboardUrl(DEMO.subdomain, '/bookings/overview?pageSize=25&date=2026-13-45'));
  await expect.poll(() => query(page).get('date'), { timeout: 30_000 }).not.toBe('2026-13-45');
  const today = query(page).get('date') as string;
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByLabel('Day', { exact: true })).toHaveValue(today);
  await expect(page.getByText('February 2027')).toHaveCount(0);
  await screenshot(page, 'list-06-bad-day-today');
});
