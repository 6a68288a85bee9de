import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { bookOnline, createBookableOffer } from './support/sales.ts';

test.describe.configure({ timeout: 180_000 });

/*
 * Issue 16's audit trail: an order booked by a webstore visitor, then paid at the desk, shows both on
 * its Audit trail tab; the account-wide view under Settings filters by what, who and when.
 */
test('an order’s changes show on its Audit trail tab, and the settings view filters the whole trail', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-e2e-'));
  const owner = await signUpOwner(page);
  const offer = await createBookableOffer(page, dir, 'Harbour kayak tour');
  rmSync(dir, { recursive: true, force: true });
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const order = await bookOnline(page, offer, day);

  // ── A payment recorded at the desk.
  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${order.id}/payments`));
  const form = page.getByRole('form', { name: 'Record a payment' });
  await form.getByLabel('Amount (EUR)').fill('30.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Partially paid');

  // ── The order's tab: the visitor's booking and the desk's payment, newest first, in words.
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/editor/${order.id}/audit$`));
  const entries = page.getByRole('list', { name: 'Audit trail' }).locator(':scope > li');
  await expect(entries.first()).toContainText(`Erika Example changed Order ${order.reference}`);
  await expect(entries.first()).toContainText('Payment status from not paid to partially paid');
  await expect(entries.nth(1)).toContainText(`Erika Example created Payment of order ${order.reference}`);
  await expect(entries.nth(1)).toContainText('Amount: 30.00 EUR');
  await expect(entries.last()).toContainText(`Webstore visitor created Order ${order.reference}`);
  await expect(entries.last()).toContainText('Contact: Grace Hopper');
  await expectNoSeriousA11yViolations(page, 'order audit trail');
  await screenshot(page, 'audit-01-order-tab');

  // ── A price changed through the API, then the account-wide trail under Settings.
  const rate = await apiAs(page).get<{ prices: { pricing_category_id: string; price: number }[] }>(
    `/pricing-rates/${offer.rate.id}/`,
  );
  await apiAs(page).patch(`/pricing-rates/${offer.rate.id}/`, {
    prices: rate.prices.map((p) => ({ pricing_category_id: p.pricing_category_id, price: p.price + 500 })),
  });
  await sidebar(page).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/settings\/audit-trail/);
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit trail' });
  const rateRow = table.getByRole('row').filter({ hasText: 'changed Rate Standard' });
  await expect(rateRow).toContainText('Price (Adult) from 40.00 EUR to 45.00 EUR');
  await expect(rateRow).toContainText('Erika Example');
  await screenshot(page, 'audit-02-settings');

  // Filter: only payments.
  await page.getByRole('combobox', { name: 'What' }).click();
  await page.getByRole('option', { name: 'Payment', exact: true }).click();
  await expect(page).toHaveURL(/entity_type=payment/);
  await expect(table.getByRole('row')).toHaveCount(2); // header + the payment
  await expect(table).toContainText(`created Payment of order ${order.reference}`);
  await screenshot(page, 'audit-03-filtered-payments');

  // Filter: by a webstore visitor, today.
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await page.getByRole('combobox', { name: 'By' }).click();
  await page.getByRole('option', { name: 'Webstore visitor' }).click();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`date_from=${today}`));
  await expect(table.getByRole('row').filter({ hasText: `Webstore visitor created Order ${order.reference}` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Rate' })).toHaveCount(0);
  // Nothing before the account existed.
  await page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings audit trail');
  await screenshot(page, 'audit-04-no-match');
});
