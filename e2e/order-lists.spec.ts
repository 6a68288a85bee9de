import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page, test } from '@playwright/test';
import { dashboardUrl, login, sidebar } from './support/account.ts';
import { DEMO, DEMO_AFFILIATE } from './support/demo.ts';

test.describe.configure({ timeout: 120_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/lists-${name}.png`, fullPage: false });
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

test('the orders list says when, what and who sold; the customer drawer lists the customer’s orders', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  await page.goto(dashboardUrl(DEMO.subdomain, '/orders/list?pageSize=25'));
  const table = page.getByRole('table', { name: 'Orders' });
  for (const header of ['Activity', 'Offer', 'Sold by']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  // Every demo order has a booking: its activity date is filled.
  const first = table.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await expect(first.getByRole('cell').nth(3)).not.toHaveText('—');
  // The list fits a laptop's width beside the sidebar: no column pushed past the page's edge.
  expect(await table.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem', { name: 'Order lines (CSV)' })).toBeVisible();
  await shot(page, 'orders-1366');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 800 });
  await settled(page);
  await shot(page, 'orders-375');

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(dashboardUrl(DEMO.subdomain, '/customers/list?pageSize=25'));
  const customers = page.getByRole('table', { name: 'Customers' });
  // A customer with orders (the Orders column is not 0).
  const withOrders = customers
    .getByRole('row')
    .filter({ hasNot: page.getByRole('cell', { name: '0', exact: true }) })
    .nth(1);
  await withOrders.getByRole('button', { name: /^Open / }).click();
  const drawer = page.getByRole('dialog');
  const orders = drawer.getByLabel('Orders of this customer');
  await expect(orders.getByRole('link', { name: /^#/ }).first()).toBeVisible();
  await shot(page, 'drawer-1366');
  await page.setViewportSize({ width: 375, height: 800 });
  await settled(page);
  await shot(page, 'drawer-375');
  await orders.getByRole('link', { name: /^#/ }).first().click();
  await expect(page).toHaveURL(/\/orders\/editor\/[^/]+\/details/);
  await expect(page.getByText(/Booked in /)).toBeVisible();
});

test('an affiliate: Capacity is marked not in the plan and guarded, Partners opens on its suppliers, resales are found', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  await login(page, DEMO_AFFILIATE.email, DEMO_AFFILIATE.password, DEMO_AFFILIATE.subdomain);
  await expect(sidebar(page)).toBeVisible({ timeout: 30_000 });
  await expect(sidebar(page).getByRole('link', { name: 'Capacity', exact: true })).toHaveAttribute('data-plan-locked', 'true');
  await page.goto(dashboardUrl(DEMO_AFFILIATE.subdomain, '/capacity/overview'));
  await expect(page.getByText(MESSAGES.noFeature)).toBeVisible({ timeout: 30_000 });
  await page.goto(dashboardUrl(DEMO_AFFILIATE.subdomain, '/sales/partners'));
  await expect(page.getByRole('table', { name: 'My suppliers' })).toBeVisible({ timeout: 30_000 });
  await page.goto(dashboardUrl(DEMO_AFFILIATE.subdomain, '/orders/list?pageSize=25'));
  await expect(page.getByText(/Your resales are not listed here/)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'affiliate-orders');
  await page.getByRole('link', { name: 'Go to Resales' }).click();
  await expect(page).toHaveURL(/\/resales\/overview/);
  expect(refused).toEqual([]);
});
