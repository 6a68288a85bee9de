import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';
import { PHONE, payForPlan, TEST_MODE, testModeBanner } from './support/payments.ts';

test.describe.configure({ timeout: 240_000 });

const PLANS = '/settings/subscription/supplier-plans';

test('the plan’s life in test mode: a canceled checkout changes nothing, paying does, the billing portal simulates a failed payment (past due, features kept) and cancels (the free plan)', async ({
  page,
}) => {
  const owner = await signUpOwner(page);
  await page.goto(dashboardUrl(owner.subdomain, PLANS));
  const status = page.getByTestId('subscription-status');
  await expect(status).toHaveText('Free');
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeDisabled();
  await expect(page.getByText('Available once a plan is paid for.')).toBeVisible();
  await expect(page.getByText('Changing plans is not available yet.')).toHaveCount(0);

  // ── Cancel at the checkout: back on the plans page, told, still on Starter.
  await page.getByRole('article', { name: 'Pro plan' }).getByRole('button', { name: 'Switch to Pro' }).click();
  await expect(page).toHaveURL(/\/test-mode\/subscription-checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(dashboardUrl(owner.subdomain, PLANS));
  await expect(toast(page, 'Checkout canceled: your plan did not change.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Starter plan' }).getByText('Current plan', { exact: true })).toBeVisible();

  // ── Pay for Growth: back on the plans page, Growth active, with its renewal date.
  await payForPlan(page, 'Growth', '€49.00');
  await expect(page).toHaveURL(dashboardUrl(owner.subdomain, PLANS));
  await expect(toast(page, 'Payment received: your new plan is active.')).toBeVisible();
  await expect(status).toHaveText('Active');
  await expect(page.getByRole('region', { name: 'Your subscription' })).toContainText(/Renews on \d{2}\. [A-Z][a-z]+ \d{4}/);
  await expect(page.getByRole('region', { name: 'Your subscription' }).getByText(TEST_MODE)).toBeVisible();
  await expect(page.getByRole('article', { name: 'Growth plan' }).getByText('Current plan', { exact: true })).toBeVisible();
  await screenshot(page, 'subscription-01-active');
  await expectNoSeriousA11yViolations(page, 'plans, Growth active');

  // ── The billing portal (test mode): a failed renewal → past due, with the grace period's end.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/test-mode\/billing-portal\/[^/]+$/);
  await expect(testModeBanner(page)).toBeVisible();
  await expect(page.getByTestId('portal-plan')).toContainText('Growth');
  await expect(page.getByTestId('portal-plan')).toContainText('Active');
  await screenshot(page, 'subscription-02-portal');
  await expectNoSeriousA11yViolations(page, 'test-mode billing portal');
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page).toHaveURL(dashboardUrl(owner.subdomain, PLANS));
  await expect(status).toHaveText('Past due');
  await expect(page.getByRole('region', { name: 'Your subscription' })).toContainText(
    /features stay until \d{2}\. [A-Z][a-z]+ \d{4}/,
  );
  // Past due keeps the plan's features during the grace period.
  await page.goto(dashboardUrl(owner.subdomain, '/sales/stores?pageSize=25'));
  await expect(page.getByText(MESSAGES.noFeature)).toHaveCount(0);
  await page.goto(dashboardUrl(owner.subdomain, PLANS));
  await expect(status).toHaveText('Past due');
  await screenshot(page, 'subscription-03-past-due');

  // ── Cancel in the portal: the test mode ends it at once.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/test-mode\/billing-portal\//);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(dashboardUrl(owner.subdomain, PLANS));
  await expect(status).toHaveText('Canceled');
  await expect(page.getByRole('article', { name: 'Starter plan' }).getByText('Current plan', { exact: true })).toBeVisible();
  // The free plan again: Stores is gated.
  await page.goto(dashboardUrl(owner.subdomain, '/sales/stores?pageSize=25'));
  await expect(page.getByText(MESSAGES.noFeature)).toBeVisible();
  await page.goto(dashboardUrl(owner.subdomain, PLANS));
  await expect(status).toHaveText('Canceled');
  await screenshot(page, 'subscription-04-canceled');
});

test('a used or unknown test-mode link says so and leads back', async ({ page }) => {
  const owner = await signUpOwner(page);
  for (const kind of ['onboarding', 'subscription-checkout', 'billing-portal']) {
    await page.goto(dashboardUrl(owner.subdomain, `/test-mode/${kind}/not-a-token`));
    await expect(page.getByRole('heading', { level: 1, name: 'This link is no longer valid' }), kind).toBeVisible();
    await expect(testModeBanner(page)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'test-mode page, invalid link');
  await screenshot(page, 'subscription-05-invalid-link');
  await page.getByRole('link', { name: 'Back to the plans' }).click();
  await expect(page).toHaveURL(dashboardUrl(owner.subdomain, PLANS));
});

test('payment providers: a canceled onboarding changes nothing; connected, it reconciles and disconnects; phone layout', async ({
  browser,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const owner = await signUpOwner(page);
  await page.goto(dashboardUrl(owner.subdomain, '/settings/payment-providers'));
  await expect(page.getByTestId('connection-status')).toHaveText('Not connected');
  await expect(page.getByRole('button', { name: 'Check now' })).toBeDisabled();
  await expect(page.getByText('Connect a payment provider first: there is nothing to compare yet.')).toBeVisible();
  await screenshot(page, 'providers-01-phone-not-connected');

  // ── Cancel on the onboarding page: back, told, nothing changed, and the URL is clean.
  await page.getByRole('button', { name: 'Connect the test mode provider' }).click();
  await expect(page).toHaveURL(/\/test-mode\/onboarding\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your account' })).toBeVisible();
  await expect(page.getByText(owner.organization).first()).toBeVisible();
  await screenshot(page, 'providers-02-phone-onboarding');
  await expectNoSeriousA11yViolations(page, 'test-mode onboarding');
  const onboarding = page.url();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(dashboardUrl(owner.subdomain, '/settings/payment-providers'));
  await expect(toast(page, 'Connecting was canceled: nothing changed.')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveText('Not connected');

  // The onboarding link was single use.
  await page.goto(onboarding);
  await page
    .getByRole('link', { name: 'Connect', exact: true })
    .or(page.getByRole('link', { name: 'Back to Payment providers' }))
    .click();
  await expect(page).toHaveURL(/\/settings\/payment-providers/);
  await expect(page.getByTestId('connection-status')).toHaveText('Not connected');

  // ── Connect, then reconcile: nothing to find on a new account.
  await page.getByRole('button', { name: 'Connect the test mode provider' }).click();
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(toast(page, 'Payment provider connected.')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(toast(page, 'Reconciliation finished: no mismatches.')).toBeVisible();
  await expect(page.getByTestId('last-check')).toContainText('Last checked');
  await expect(page.getByTestId('no-mismatches')).toBeVisible();
  await screenshot(page, 'providers-03-phone-connected');
  await expectNoSeriousA11yViolations(page, 'payment providers on a phone, connected');

  // ── Disconnect, after the confirmation.
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Test mode provider?' });
  await expect(dialog).toContainText('Visitors can no longer pay by card');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'Payment provider disconnected.')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveText('Not connected');
  await context.close();
});
