import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner } from './support/account.ts';
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
