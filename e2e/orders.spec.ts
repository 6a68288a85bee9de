import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';
import { bookOnline, createBookableOffer, placesLeft } from './support/sales.ts';

test.describe.configure({ timeout: 120_000 });

test('an order booked through the public API is found, paid in two steps, canceled and refunded in the back office', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'orders-e2e-'));
  const owner = await signUpOwner(page);

  // ── An Active offer: Adult and Child prices, a daily 10:00 start, an image.
  const offer = await createBookableOffer(page, dir, 'Harbour kayak tour');

  // ── A visitor reserves 2 adults + 1 child for the day after tomorrow and books.
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const order = await bookOnline(page, offer, day);

  // ── The office finds it by the customer's name; the search stays in the URL.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list'));
  const table = page.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(row).toContainText('€100.00');
  await expect(row).toContainText('Not paid');
  await expect(row).toContainText('Confirmed');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('hopper');
  await expect(page).toHaveURL(/search=hopper/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'orders list');
  await screenshot(page, 'orders-01-list');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('hopper');

  await row.getByRole('link', { name: order.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/editor/${order.id}/details$`));
  await expect(page.getByRole('heading', { name: `Order ${order.reference}` })).toBeVisible();
  await expect(page.getByText('Harbour kayak tour')).toBeVisible();
  await expect(page.getByText('3 participants')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit trail' })).toBeEnabled();
  await screenshot(page, 'orders-02-details');

  // ── Paid in two steps: a cash deposit (Partially paid), then the rest by card (on the desk's terminal).
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  const form = page.getByRole('form', { name: 'Record a payment' });
  await form.getByLabel('Amount (EUR)').fill('30.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Partially paid');
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('70.00');
  await form.getByLabel('Method').click();
  await page.getByRole('option', { name: 'Card', exact: true }).click();
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Fully paid');
  // No card payment provider is connected: the card payment is recorded as taken outside Excursio.
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Card' })).toContainText(
    'Taken outside Excursio',
  );
  await expectNoSeriousA11yViolations(page, 'order payments');
  await screenshot(page, 'orders-03-paid');

  // ── The guide's manifest of that day: the party, attendance in one tap, a CSV export.
  await page.goto(dashboardUrl(owner.subdomain, `/bookings/overview?date=${day}`));
  const manifest = page.getByRole('table', { name: 'Bookings' });
  const booking = manifest.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(booking).toContainText('2 × Adult, 1 × Child');
  await expect(booking).toContainText('10:00');
  await booking.getByText('Arrived', { exact: true }).click();
  await page.reload();
  await expect(booking.getByRole('radio', { name: 'Arrived' })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export manifest' }).first().click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  // The menu closes with a transition; axe below must not read it half gone.
  await expect(page.getByRole('menu')).toHaveCount(0);
  const csv = readFileSync((await (await download).path()) as string, 'utf8');
  expect(csv).toContain('"Grace","Hopper","grace@example.test"');
  expect(csv).toContain('"Arrived"');
  await expectNoSeriousA11yViolations(page, 'bookings overview');
  await screenshot(page, 'orders-04-manifest');
  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${order.id}/payments`));

  // ── Canceled: the places come back; the offer has no cancellation policy, so nothing is owed and the
  // refund form starts empty; the operator refunds anyway, after a confirmation with the amount.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(cancelDialog.getByRole('button', { name: 'Keep order' })).toBeVisible();
  await cancelDialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order canceled: its places are free again')).toBeVisible();
  await expect(page.getByText('Canceled. The cancellation policy gives no refund.')).toBeVisible();
  await expect(page.getByText('Canceled', { exact: true }).first()).toBeVisible();
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('');
  await form.getByLabel('Amount (EUR)').fill('100.00');
  await form.getByRole('button', { name: 'Record refund' }).click();
  await page.getByRole('dialog', { name: 'Record refund' }).getByRole('button', { name: 'Refund €100.00' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Refunded');
  await screenshot(page, 'orders-05-refunded');

  expect(await placesLeft(page, offer.id, day)).toBe(12);

  // ── The list filter finds it as Refunded, from the URL.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list?payment_status=refunded&status=canceled'));
  await expect(table.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('Refunded');
  rmSync(dir, { recursive: true, force: true });
});
