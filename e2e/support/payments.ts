import { expect, type Page } from '@playwright/test';
import { dashboardUrl, PORT, toast } from './account.ts';
import { createActiveStore } from './partners.ts';

export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
export const TEST_MODE = 'Test mode — no real money moves';

/** The webstore's address of a store of an organization. */
export const storeUrl = (subdomain: string, slug: string, path = '') => `http://${subdomain}.localhost:${PORT}/s/${slug}/${path}`;

/** The hosted test-mode page's banner (every one of them says it is test mode). */
export const testModeBanner = (page: Page) => page.getByRole('note', { name: 'Test mode' });

/**
 * Settings → Payment providers → Connect → the test mode's onboarding page → Connect → back on the
 * settings page, connected (the notification says so and the URL is clean).
 */
export const connectTestProvider = async (page: Page, subdomain: string) => {
  await page.goto(dashboardUrl(subdomain, '/settings/payment-providers'));
  await expect(page.getByTestId('connection-status')).toHaveText('Not connected');
  await page.getByRole('button', { name: 'Connect the test mode provider' }).click();
  await expect(page).toHaveURL(/\/test-mode\/onboarding\/[^/]+$/);
  await expect(testModeBanner(page)).toBeVisible();
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page).toHaveURL(dashboardUrl(subdomain, '/settings/payment-providers'));
  await expect(toast(page, 'Payment provider connected.')).toBeVisible();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
};

/** On a plans page: "Switch to {plan}" → the test mode's checkout → Pay. Leaves the page on wherever the checkout returns. */
export const payForPlan = async (page: Page, plan: string, price: string) => {
  await page
    .getByRole('article', { name: `${plan} plan` })
    .getByRole('button', { name: `Switch to ${plan}` })
    .click();
  await expect(page).toHaveURL(/\/test-mode\/subscription-checkout\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Subscribe to ${plan}` })).toBeVisible();
  await expect(page.getByTestId('checkout-price')).toHaveText(price);
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page).not.toHaveURL(/\/test-mode\//);
};

/** Creates a store through the dialog, makes it Active, and adds one of the organization's offers from the Global catalog. */
export const createStoreWithOffer = async (page: Page, name: string, offerTitle: string) => {
  const slug = await createActiveStore(page, name);
  const storeTabs = page.getByRole('navigation', { name: 'Store sections' });
  await storeTabs.getByRole('link', { name: 'Global catalog' }).click();
  await page
    .getByRole('table', { name: 'Offers to add' })
    .getByRole('button', { name: `Add ${offerTitle}` })
    .click();
  await expect(toast(page, `${offerTitle} was added to ${name}.`)).toBeVisible();
  await storeTabs.getByRole('link', { name: 'Settings' }).click();
  return slug;
};

/** A visitor: the offer from the store's home, the first bookable day, one adult on the first start, into the cart, to checkout. */
/** Picks the first bookable start, puts it in the cart with `action` (the panel's button) and proceeds to checkout. */
export const reserveAndCheckOut = async (visitor: Page, url: string, offerTitle: string, action = 'Add to cart') => {
  await visitor.goto(url);
  await visitor.getByRole('link', { name: offerTitle }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: offerTitle })).toBeVisible();
  const panel = visitor.locator('#book');
  await panel
    .getByRole('button', { name: /\d{1,2} [A-Z][a-z]+ \d{4}$/ })
    .first()
    .click();
  await panel
    .getByRole('radio', { name: /\d{2}:\d{2}.*left/ })
    .first()
    .check();
  await panel.getByRole('button', { name: action }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
};

/** The checkout's contact (the e2e offers ask no questions; their stores have no terms page, so no box to tick). */
export const fillContact = async (visitor: Page, email: string) => {
  await visitor.getByLabel('First name').fill('Ana');
  await visitor.getByLabel('Last name').fill('Silva');
  await visitor.getByLabel('Email').fill(email);
  await expect(visitor.getByRole('checkbox', { name: /I accept the terms/ })).toHaveCount(0);
};

export const fillTestCard = async (visitor: Page, number = '4242 4242 4242 4242') => {
  await visitor.getByLabel('Card number').fill(number);
  await visitor.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByLabel('Name on card').fill('Ana Silva');
};
