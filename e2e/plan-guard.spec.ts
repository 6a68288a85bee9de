import { MESSAGES } from '@excursio/contract/messages';
import { FEATURE_LABELS, FEATURES } from '@excursio/contract/permissions';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner } from './support/account.ts';

test.describe.configure({ timeout: 120_000 });

test('on a plan without a feature, its areas show the subscription guard, and the sidebar marks them', async ({ page }) => {
  // A new supplier is on Starter: offers, inventory, bookings, orders, customers, team — no stores, QR codes, partners, resales.
  const owner = await signUpOwner(page);

  // The sidebar marks what the plan does not include, and only that.
  for (const label of ['Stores', 'QR codes', 'Partners', 'Resales']) {
    await expect(sidebar(page).getByRole('link', { name: label, exact: true }), label).toHaveAttribute(
      'data-plan-locked',
      'true',
    );
  }
  for (const label of ['Catalog', 'Inventory', 'Orders', 'Customers', 'Team']) {
    await expect(sidebar(page).getByRole('link', { name: label, exact: true }), label).not.toHaveAttribute('data-plan-locked');
  }
  await sidebar(page).getByRole('link', { name: 'Stores', exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Stores is not in your plan. Upgrade your subscription to use it.');

  // The guard wins, on a built area (Stores) and on every gated area not built yet.
  for (const path of ['/sales/stores', '/sales/qr-codes', '/sales/partners', '/resales/overview']) {
    await page.goto(dashboardUrl(owner.subdomain, path));
    await expect(page.getByText(MESSAGES.noFeature), path).toBeVisible();
    await expect(page.getByText(/not available yet — this area is being built/), path).toHaveCount(0);
  }
  await screenshot(page, 'plan-01-guard');
  await expectNoSeriousA11yViolations(page, 'subscription guard');
  // And an area it includes that is built opens.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list'));
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();

  // Upgrade now → the supplier plans: every plan lists every feature in one order, named properly.
  await page.goto(dashboardUrl(owner.subdomain, '/sales/stores'));
  await page.getByRole('link', { name: MESSAGES.upgradeNow }).click();
  await expect(page).toHaveURL(/\/settings\/subscription\/supplier-plans\?return_path=%2Fsales%2Fstores$/);
  const plans = page.getByRole('article');
  await expect(plans).toHaveCount(3);
  const expected = FEATURES.map((feature) => FEATURE_LABELS[feature]);
  for (const plan of await plans.all()) {
    const items = plan.getByRole('list', { name: 'Features' }).getByRole('listitem');
    await expect(items).toHaveCount(expected.length);
    const texts = (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    // Same order everywhere; what the plan lacks is said (not only shown greyed out).
    expect(texts.map((text) => text.replace(/ \(not included\)$/, ''))).toEqual(expected);
    const lacksSome = (await plan.getAttribute('aria-label')) !== 'Pro plan';
    expect(texts.some((text) => text.endsWith('(not included)'))).toBe(lacksSome);
  }
  await expect(page.getByText('QR codes').first()).toBeVisible();
  await expect(page.getByText('API access').first()).toBeVisible();
  await expect(page.getByText(/Qr codes|Api access/)).toHaveCount(0);
  // Button labels are whole (nothing cut off by the card).
  const starter = page.getByRole('article', { name: 'Starter plan' });
  await expect(starter.getByRole('button', { name: 'Your current plan' })).toBeVisible();
  const growth = page.getByRole('article', { name: 'Growth plan' });
  const switchButton = growth.getByRole('button', { name: 'Switch to Growth' });
  expect(await switchButton.evaluate((el) => [...el.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth))).toBe(
    true,
  );
  await expect(switchButton).toBeEnabled();
  await screenshot(page, 'plan-02-supplier-plans');
  await expectNoSeriousA11yViolations(page, 'supplier plans');

  // The dashboard links only to areas that exist (and that this plan includes).
  await page.goto(dashboardUrl(owner.subdomain, '/dashboard'));
  const quickLinks = page.getByRole('list', { name: 'Quick links' }).getByRole('link');
  await expect(quickLinks.first()).toBeVisible();
  const names = await quickLinks.allInnerTexts();
  for (const built of [
    'Catalog',
    'Inventory',
    'Overview',
    'Orders',
    'Customers',
    'Organization',
    'Payment providers',
    'Subscription',
    'Team',
    'Product configuration',
  ])
    expect(names).toContain(built);
  for (const notInPlan of ['Stores', 'Resales', 'Checkout']) expect(names).not.toContain(notInPlan);
  const targets = await quickLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const target of targets) {
    await page.goto(dashboardUrl(owner.subdomain, target));
    await expect(page.getByRole('heading', { level: 1 }), target).not.toHaveText('');
    await expect(page.getByText(/not available yet — this area is being built/), target).toHaveCount(0);
    await expect(page.getByText(MESSAGES.noFeature), target).toHaveCount(0);
    await expect(page.getByText(MESSAGES.noPermission), target).toHaveCount(0);
  }
});
