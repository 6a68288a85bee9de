import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner, toast } from './support/account.ts';
import {
  connectTestProvider,
  createStoreWithOffer,
  fillContact,
  fillTestCard,
  PHONE,
  reserveAndCheckOut,
  storeUrl,
  TEST_MODE,
} from './support/payments.ts';
import { createBookableOffer } from './support/sales.ts';

test.describe.configure({ timeout: 300_000 });

const OFFER = 'Harbour sunset paddle';

/*
 * Issue 14 end to end, as a new supplier would: the plan from the guard's 'Upgrade now' through the
 * test mode's checkout and back, a webstore that says card payment is not available until the
 * provider is connected (and books to pay later when the store allows it), the test-mode provider
 * connected through its onboarding page, a card sale, its refund from the order's Payments tab, and a
 * lower plan bringing the guard back.
 */
test('a new supplier upgrades from the guard, sells by card once connected, refunds, and a lower plan shows the guard again', async ({
  page,
  browser,
}) => {
  const owner = await signUpOwner(page);

  // ── Starter has no stores: the specification's guard; 'Upgrade now' → the supplier plans, with the way back.
  await page.goto(dashboardUrl(owner.subdomain, '/sales/stores?pageSize=25'));
  await expect(page.getByText(MESSAGES.noFeature)).toBeVisible();
  await page.getByRole('link', { name: MESSAGES.upgradeNow }).click();
  await expect(page).toHaveURL(/\/settings\/subscription\/supplier-plans\?return_path=%2Fsales%2Fstores%3FpageSize%3D25$/);
  await expect(page.getByRole('region', { name: 'Your subscription' })).toContainText('Your plan: Starter');
  await expect(page.getByTestId('return-notice')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Starter plan' }).getByRole('button', { name: 'Your current plan' }),
  ).toBeDisabled();
  await screenshot(page, 'payments-01-plans-from-guard');
  await expectNoSeriousA11yViolations(page, 'supplier plans from the guard');

  // ── The test mode's checkout (labelled), Pay → back on the stores page, which now opens.
  await page.getByRole('article', { name: 'Growth plan' }).getByRole('button', { name: 'Switch to Growth' }).click();
  await expect(page).toHaveURL(/\/test-mode\/subscription-checkout\/[^/]+$/);
  await expect(page.getByText(TEST_MODE).first()).toBeVisible();
  await expect(page.getByTestId('checkout-price')).toHaveText('€49.00');
  await screenshot(page, 'payments-02-test-checkout');
  await expectNoSeriousA11yViolations(page, 'test-mode subscription checkout');
  await page.getByRole('button', { name: 'Pay €49.00' }).click();
  // Announced, then `?subscription=success` leaves the URL (a person reads the notice before moving on).
  await expect(page.getByText('Payment received: your new plan is active.')).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/stores\?pageSize=25$/);
  await expect(page.getByText(MESSAGES.noFeature)).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Stores', exact: true })).not.toHaveAttribute('data-plan-locked');

  // ── An offer that sells, and an Active store with it.
  const dir = mkdtempSync(join(tmpdir(), 'payments-e2e-'));
  await createBookableOffer(page, dir, OFFER);
  rmSync(dir, { recursive: true, force: true });
  await page.goto(dashboardUrl(owner.subdomain, '/sales/stores?pageSize=25'));
  const slug = await createStoreWithOffer(page, 'Harbour Paddles', OFFER);
  const home = storeUrl(owner.subdomain, slug);

  // ── No provider yet: the offer page says so before any place is held (no Add to cart).
  const visitorContext = await browser.newContext(PHONE);
  const visitor = await visitorContext.newPage();
  await visitor.goto(home);
  await visitor.getByRole('link', { name: OFFER }).click();
  const panel = visitor.locator('#book');
  await expect(
    panel.getByText('This offer cannot be booked online at this store right now. Please contact the store.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await screenshot(visitor, 'payments-03-webstore-unavailable-phone');
  await expectNoSeriousA11yViolations(visitor, 'webstore offer without card payments');

  // ── The store takes bookings without payment meanwhile: the visitor reserves now and pays later.
  const fallback = page.getByRole('switch', { name: 'Take bookings without payment while card payments are unavailable' });
  await fallback.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, MESSAGES.storeUpdated)).toBeVisible();
  await visitor.reload();
  await expect(panel.getByText('you reserve now and pay later')).toBeVisible();
  await reserveAndCheckOut(visitor, home, OFFER, 'Reserve, pay later');
  await expect(visitor.getByText('Book now, pay later').first()).toBeVisible();
  await expect(visitor.getByLabel('Card number')).toHaveCount(0);
  await fillContact(visitor, 'ana.later@example.com');
  await screenshot(visitor, 'payments-04-webstore-pay-later-phone');
  await visitor.getByRole('button', { name: 'Book now, pay later' }).click();
  await expect(visitor).toHaveURL(/\/confirmation\?session_id=/);
  await expect(visitor.getByRole('heading', { level: 1, name: /Booking confirmed|Request received/ })).toBeVisible();
  await expect(visitor.locator('.totals')).toContainText('Left to pay');

  // ── Settings → Payment providers: connect the test-mode provider through its onboarding page.
  await sidebar(page).getByRole('link', { name: 'Payment providers', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/payment-providers$/);
  await expect(page.getByTestId('test-mode').first()).toHaveText(TEST_MODE);
  await screenshot(page, 'payments-05-provider-not-connected');
  await expectNoSeriousA11yViolations(page, 'payment providers, not connected');
  await connectTestProvider(page, owner.subdomain);
  await expect(page.getByTestId('account-id')).not.toHaveText('—');
  await expect(page.getByText('2 % of each card payment')).toBeVisible();
  await screenshot(page, 'payments-06-provider-connected');
  await expectNoSeriousA11yViolations(page, 'payment providers, connected');

  // ── The visitor buys by card (test mode) and gets the confirmation.
  await reserveAndCheckOut(visitor, home, OFFER);
  await expect(visitor.getByText(TEST_MODE)).toBeVisible();
  await fillContact(visitor, 'ana.card@example.com');
  await fillTestCard(visitor);
  await visitor.getByRole('button', { name: 'Pay €40.00' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  const reference = (await visitor.locator('.reference__value').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^#\d+$/);
  await screenshot(visitor, 'payments-07-webstore-paid-phone');
  await visitorContext.close();

  // ── The operator refunds it from the order's Payments tab, and sees the refund.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list?pageSize=25'));
  await page.getByText(reference, { exact: true }).click();
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByTestId('payment-status')).toHaveText('Fully paid');
  const form = page.getByRole('form', { name: 'Record a payment' });
  await form.getByText('Refund', { exact: true }).click();
  // Nothing is owed back, so nothing is pre-filled; the refund records after a confirmation with the amount.
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('');
  await form.getByLabel('Amount (EUR)').fill('40.00');
  await form.getByRole('button', { name: 'Record refund' }).click();
  await page.getByRole('dialog', { name: 'Record refund' }).getByRole('button', { name: 'Refund €40.00' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Refunded');
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row').filter({ hasText: 'Refund' })).toContainText('−€40.00');
  await screenshot(page, 'payments-08-refunded');
  await expectNoSeriousA11yViolations(page, 'order payments, refunded');

  // ── A lower plan: the confirmation says what is lost; then the stores page shows the guard again.
  await page.goto(dashboardUrl(owner.subdomain, '/settings/subscription/supplier-plans'));
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await page.getByRole('article', { name: 'Starter plan' }).getByRole('button', { name: 'Switch to Starter' }).click();
  const confirm = page.getByRole('dialog', { name: 'Switch to Starter?' });
  await expect(confirm).toContainText('Stores, Webstore, QR codes and Partners');
  await expectNoSeriousA11yViolations(page, 'downgrade confirmation');
  await screenshot(page, 'payments-09-downgrade-confirm');
  await confirm.getByRole('button', { name: 'Switch to Starter' }).click();
  await expect(toast(page, 'Your plan is now Starter.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Starter plan' }).getByText('Current plan', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Stores', exact: true })).toHaveAttribute('data-plan-locked', 'true');
  await page.goto(dashboardUrl(owner.subdomain, '/sales/stores?pageSize=25'));
  await expect(page.getByText(MESSAGES.noFeature)).toBeVisible();
  await screenshot(page, 'payments-10-guard-again');
  await page.getByRole('link', { name: MESSAGES.upgradeNow }).click();
  await expect(page).toHaveURL(/\/settings\/subscription\/supplier-plans\?return_path=/);
  await expect(
    page.getByRole('article', { name: 'Growth plan' }).getByRole('button', { name: 'Switch to Growth' }),
  ).toBeEnabled();
});
