import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner } from './support/account.ts';
import { createOffer, openOffers } from './support/offers.ts';
import { bookOnline, createBookableOffer } from './support/sales.ts';

test.describe.configure({ timeout: 480_000 });

const checklist = (page: Page) => page.getByRole('region', { name: 'Get started' });
const progress = (page: Page) => checklist(page).getByTestId('onboarding-progress');
const step = (page: Page, code: string) => checklist(page).locator(`[data-step="${code}"]`);
// Read without waiting: the badge leaves the page when nothing is unread.
const unreadCount = async (page: Page) => {
  const [text] = await page.getByTestId('notification-unread-count').allTextContents();
  return text ? Number(text.replace('+', '')) : 0;
};

/*
 * Issue 15's dashboard home as a new supplier meets it: the onboarding checklist follows what the
 * supplier does (an offer created, then one published, a step skipped, the first booking), the week
 * ahead shows the booking, and the header bell's unread count drops as notifications are marked read.
 */
test('a new supplier follows the checklist as it creates and publishes an offer, and reads its notifications', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'excursio-home-'));
  try {
    const owner = await signUpOwner(page);
    await expect(progress(page)).toHaveText('0 of 5 steps done');
    await expect(checklist(page).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Revenue this month' })).toContainText(
      'No sales this month or last month yet.',
    );
    await expect(page.getByRole('region', { name: "Today's departures" })).toContainText('No departures with bookings today');
    await screenshot(page, 'dashboard-home-01-new-supplier');
    await expectNoSeriousA11yViolations(page, 'dashboard home of a new supplier');

    // ── The bell: marking one read lowers the count, marking all clears it; the home's panel agrees.
    const before = await unreadCount(page);
    expect(before).toBeGreaterThan(0);
    // The list loads when the pointer reaches the bell (as a person's would before clicking).
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.hover();
    await page.waitForLoadState('networkidle');
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByText('Welcome to Excursio')).toBeVisible();
    await screenshot(page, 'dashboard-home-02-bell');
    await popover.getByRole('button', { name: 'Mark as read' }).first().click();
    await expect.poll(() => unreadCount(page)).toBe(before - 1);
    if (before > 1) {
      await popover.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadCount(page)).toBe(0);
    }
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('region', { name: 'System notifications' }).getByRole('button', { name: 'Mark as read' }),
    ).toHaveCount(0);

    // ── An offer created (a draft): the first step is done.
    await openOffers(page);
    await createOffer(page, 'Draft harbour walk', 'Ticket & Passes');
    await page.goto(dashboardUrl(owner.subdomain));
    await expect(progress(page)).toHaveText('1 of 5 steps done');
    await expect(step(page, 'create_offer')).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'publish_offer').getByRole('link', { name: 'Open offers' })).toBeVisible();

    // ── An offer published (Active, with prices and a daily start): the second.
    const offer = await createBookableOffer(page, dir, 'Harbour kayak tour');
    await page.goto(dashboardUrl(owner.subdomain));
    await expect(progress(page)).toHaveText('2 of 5 steps done');
    await expect(step(page, 'publish_offer')).toHaveAttribute('data-done', 'true');

    // ── Payments are not for this supplier yet: skipped, and it can be undone.
    await step(page, 'connect_payments').getByRole('button', { name: 'Skip' }).click();
    await expect(progress(page)).toHaveText('3 of 5 steps done');
    await expect(step(page, 'connect_payments').getByRole('button', { name: 'Undo skip' })).toBeVisible();

    // ── The first booking (tomorrow's start): done, and the week ahead shows it.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await bookOnline(page, offer, tomorrow, { adults: 2, children: 1 });
    await page.goto(dashboardUrl(owner.subdomain));
    await expect(progress(page)).toHaveText('4 of 5 steps done');
    const week = page.getByRole('list', { name: 'Upcoming week' });
    await expect(week.getByRole('listitem')).toHaveCount(7);
    await expect(week.getByRole('listitem').filter({ hasText: '1 departure' })).toContainText('3 / 12 places');
    await expect(page.getByRole('list', { name: 'Recent orders' }).getByRole('link')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Revenue this month' })).toContainText('1 order');
    // Starter has no stores: the step says so and leads to the plans, and back to the stores after paying.
    await expect(step(page, 'open_store')).toContainText('Not in your current plan.');
    await expect(step(page, 'open_store').getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
      'href',
      '/settings/subscription/supplier-plans?return_path=%2Fsales%2Fstores',
    );
    await screenshot(page, 'dashboard-home-03-progress');
    // Each day's card holds its words ("1 departure" spilled out of a seventh of the column once).
    for (const day of await week.getByRole('listitem').all()) {
      expect(await day.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await week.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-home-03b-week');

    // ── Phone width: the same home, one column.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(progress(page)).toHaveText('4 of 5 steps done');
    await screenshot(page, 'dashboard-home-04-phone');
    // The open steps' actions go under their text on a phone: the text keeps the width.
    const store = page.locator('[data-step="open_store"]');
    expect((await store.getByText('Make a store Active').boundingBox())?.width ?? 0).toBeGreaterThan(200);
    // A skipped step's title starts where the others' do.
    const left = async (code: string) => (await page.locator(`[data-step="${code}"] p`).first().boundingBox())?.x;
    expect(await left('connect_payments')).toBe(await left('open_store'));
    await page.setViewportSize({ width: 1280, height: 800 });

    // ── Dismissed: the checklist leaves the home and stays away.
    await checklist(page).getByRole('button', { name: 'Dismiss checklist' }).click();
    await expect(checklist(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
