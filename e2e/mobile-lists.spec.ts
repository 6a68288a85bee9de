import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, screenshot, sidebar, signUpOwner } from './support/account.ts';
import { DEMO } from './support/demo.ts';
import { createOffer } from './support/offers.ts';

/** Nothing on the page is wider than the screen (no sideways scrolling). */
const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('at 375 px the lists are cards with their key fields and actions, and titles are whole', async ({ page }) => {
  const owner = await signUpOwner(page);
  // Two offers made on a wide screen…
  await sidebar(page).getByRole('link', { name: 'Catalog', exact: true }).click();
  await createOffer(page, 'Harbour kayak tour with a very long name for a small screen');
  await page.goto(dashboardUrl(owner.subdomain, '/products/experiences/overview'));
  await createOffer(page, 'Castle ticket', 'Ticket & Passes');

  // …then the phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(dashboardUrl(owner.subdomain, '/products/experiences/overview'));
  await expect(page.getByRole('table', { name: 'Offers' })).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Offers' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const kayak = cards.filter({ hasText: 'Harbour kayak tour' });
  // Key fields, labelled, and the status in view.
  await expect(kayak.getByText('Status')).toBeVisible();
  await expect(kayak.getByText('Draft', { exact: true })).toBeInViewport();
  await expect(kayak.getByText('Rental')).toBeVisible();
  // The row's actions are on the card.
  await kayak.getByRole('button', { name: /^Actions for Harbour kayak tour/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await fitsTheScreen(page)).toBe(true);
  // Sorting without column headers.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Offer, ascending' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('ordering')).toBe('title');
  await expect(cards.first()).toContainText('Castle ticket');
  // The primary action sits above the list, not squeezed into the header.
  await expect(page.getByRole('button', { name: 'New offer' })).toBeInViewport();
  await screenshot(page, 'mobile-01-offers-cards');
  await expectNoSeriousA11yViolations(page, 'offers as cards (375 px)');

  // The members page: the title is whole, the list is cards too.
  await page.goto(dashboardUrl(owner.subdomain, '/settings/team/members'));
  const title = page.getByRole('heading', { level: 1, name: 'Team' });
  await expect(title).toBeVisible();
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const members = page.getByRole('list', { name: 'Team members' }).getByRole('listitem');
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText(owner.email);
  await expect(page.getByRole('button', { name: 'Invite member' })).toBeInViewport();
  expect(await fitsTheScreen(page)).toBe(true);
  await screenshot(page, 'mobile-02-members-cards');

  // The dashboard: the welcome line naming the organization stays on the screen.
  await page.goto(dashboardUrl(owner.subdomain, '/dashboard'));
  const organization = page.locator('main').getByText(owner.organization).first();
  await expect(organization).toBeVisible();
  const name = await organization.boundingBox();
  expect((name?.x ?? 0) + (name?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 375);
  expect(await fitsTheScreen(page)).toBe(true);
  await screenshot(page, 'mobile-03-dashboard');
  await expectNoSeriousA11yViolations(page, 'dashboard (375 px)');
});

test('at 375 px cut rows show that they scroll, and Escape closes the navigation drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The orders' status filter is wider than the phone: it scrolls, and says there is more.
    await page.goto(dashboardUrl(DEMO.subdomain, '/orders/list'));
    const status = page.getByRole('radiogroup', { name: 'Status' });
    await expect(status).toBeVisible({ timeout: 30_000 });
    const more = page.getByRole('button', { name: 'More Status options' });
    await expect(more).toBeVisible({ timeout: 30_000 });
    // The payment filter carries its whole text (label and choice) for when it is cut.
    await expect(page.getByRole('combobox', { name: 'Payment status' })).toHaveAttribute('title', 'Payment status: All');
    expect(await fitsTheScreen(page)).toBe(true);
    await screenshot(page, `mobile-04-orders-filters-${scheme}`);
    await more.click();
    await expect(page.getByRole('button', { name: 'Scroll Status options back' })).toBeVisible();
    await expect(status.getByText('Canceled', { exact: true })).toBeInViewport();

    // The navigation drawer closes with Escape, focus back on its button.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Orders', exact: true })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(sidebar(page).getByRole('link', { name: 'Orders', exact: true })).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeFocused();

    // The offer editor's steps: more to the right, and a step opens at its top.
    await page.goto(dashboardUrl(DEMO.subdomain, '/products/experiences/overview'));
    await page.getByRole('list', { name: 'Offers' }).getByRole('listitem').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/basic-info$/);
    await expect(page.getByRole('button', { name: 'More editor steps' })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, `mobile-05-editor-steps-${scheme}`);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page
      .getByRole('navigation', { name: 'Editor steps' })
      .getByRole('link', { name: /Description/ })
      .click();
    await expect(page).toHaveURL(/\/description$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // Product configuration: the time format's choices are whole (two lines, not cut).
    await page.goto(dashboardUrl(DEMO.subdomain, '/settings/product-configuration'));
    const twelve = page.getByText('12-hour (hh:mm A)');
    await expect(twelve).toBeVisible();
    expect(await twelve.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, `mobile-06-product-configuration-${scheme}`);
  }
});
