import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { MONTHS } from './support/demo.ts';
import { createBookableOffer, placesLeft } from './support/sales.ts';

test.describe.configure({ timeout: 150_000 });

test('a phone booking in the checkout: 2 adults + 1 child tomorrow at 10:00, paid, checked in, canceled with the policy’s refund', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-e2e-'));
  const owner = await signUpOwner(page);
  const { id } = await createBookableOffer(page, dir, 'Harbour kayak tour', 12);
  // Full refund up to 48 hours before the start, half after.
  const api = apiAs(page);
  const policy = await api.post('/cancellation-policies/', {
    name: 'Half within two days',
    tiers: [
      { hours_before: 48, refund_percent: 100 },
      { hours_before: 0, refund_percent: 50 },
    ],
  });
  await api.patch(`/experiences/${id}/`, { cancellation_policy_id: policy.id });
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = tomorrow.toISOString().slice(0, 10);

  // ── The checkout, from the sidebar.
  await page.goto(dashboardUrl(owner.subdomain, '/dashboard'));
  await sidebar(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/bookings\/checkout-editor$/);
  await expect(page.getByText('Nothing added yet.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Offer' }).fill('harbour');
  await page.getByRole('option', { name: 'Harbour kayak tour' }).click();
  if (tomorrow.getUTCMonth() !== new Date().getUTCMonth()) await page.getByRole('button', { name: 'Next month' }).click();
  await page
    .getByRole('button', {
      name: new RegExp(`^${tomorrow.getUTCDate()} ${MONTHS[tomorrow.getUTCMonth()]} ${tomorrow.getUTCFullYear()},`),
    })
    .click();
  const starts = page.getByRole('group', { name: 'Starts' });
  const ten = starts.getByRole('button', { name: /10:00/ });
  await expect(ten).toContainText('12 left');
  await ten.click();
  await expect(ten).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('textbox', { name: 'Adult' }).fill('2');
  await page.getByRole('textbox', { name: 'Child' }).fill('1');
  // The live total is the server's price of the party.
  await expect(page.getByTestId('line-total')).toHaveText('€100.00');
  await screenshot(page, 'checkout-01-party');
  await page.getByRole('button', { name: 'Add to order' }).click();
  const line = page.getByTestId('cart-line');
  await expect(line).toContainText('Harbour kayak tour');
  await expect(line).toContainText('2 × Adult, 1 × Child');
  await expect(line).toContainText('10:00');
  await expect(line).toContainText(/Places held for \d+ min/);
  await expect(page.getByTestId('cart-total')).toHaveText('€100.00');
  // The places are held at once.
  expect(await placesLeft(page, id, day)).toBe(9);

  // ── A new customer; the order is created and opens.
  await page.getByText('New customer', { exact: true }).click();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill('grace.checkout@example.test');
  await expectNoSeriousA11yViolations(page, 'checkout');
  await screenshot(page, 'checkout-02-cart');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(toast(page, MESSAGES.orderCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/editor\/[0-9a-f-]{36}\/details$/);
  const orderUrl = page.url();
  await expect(page.getByText('Harbour kayak tour')).toBeVisible();
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  // Taken at the desk by whoever is signed in; the buyer can be sent the confirmation again.
  await expect(page.getByText(/· Back office, by \S/)).toBeVisible();
  await page.getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(toast(page, 'Sent to grace.checkout@example.test.')).toBeVisible();
  await screenshot(page, 'checkout-03-order');

  // ── The booking's own page, on a phone: who, the party, and attendance in one tap.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('link', { name: 'Booking details' }).click();
  await expect(page).toHaveURL(/\/orders\/editor\/[0-9a-f-]{36}\/booking\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Harbour kayak tour' })).toBeVisible();
  await expect(page.getByText('3 participants')).toBeVisible();
  await expect(page.getByRole('link', { name: 'grace.checkout@example.test' })).toHaveAttribute(
    'href',
    'mailto:grace.checkout@example.test',
  );
  await expect(page.getByRole('radio', { name: 'Open' })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'booking details');
  await screenshot(page, 'checkout-03b-booking-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // ── The capacity overview shows the places taken.
  await page.goto(dashboardUrl(owner.subdomain, `/capacity/overview?date=${day}`));
  const morning = page.getByRole('table', { name: 'Slots of the day' }).locator('tbody tr').filter({ hasText: '10:00' });
  await expect(morning.locator('td').nth(5)).toHaveText('9');

  // ── Paid in two steps.
  await page.goto(orderUrl.replace(/details$/, 'payments'));
  const form = page.getByRole('form', { name: 'Record a payment' });
  await form.getByLabel('Amount (EUR)').fill('40.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Partially paid');
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('60.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Fully paid');

  // ── Checked in on the day's manifest.
  await page.goto(dashboardUrl(owner.subdomain, `/bookings/overview?date=${day}`));
  const booking = page.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: 'Grace Hopper' });
  await booking.getByText('Arrived', { exact: true }).click();
  await page.reload();
  await expect(booking.getByRole('radio', { name: 'Arrived' })).toBeChecked();

  // ── Canceled: the policy proposes half (the start is less than 48 hours away), places come back.
  await page.goto(orderUrl);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Cancel order' }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('A refund of €50.00 is due', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('50.00');
  await form.getByRole('button', { name: 'Record refund' }).click();
  await page.getByRole('dialog', { name: 'Record refund' }).getByRole('button', { name: 'Refund €50.00' }).click();
  await expect(page.getByRole('table', { name: 'Payments' }).getByText('Refund')).toBeVisible();
  expect(await placesLeft(page, id, day)).toBe(12);
  await screenshot(page, 'checkout-04-canceled');

  // ── Found again with the list's filters and search, restored from the URL.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list?status=canceled&search=hopper'));
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('hopper');
  const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Grace Hopper' })).toContainText('Canceled');
  rmSync(dir, { recursive: true, force: true });
});
