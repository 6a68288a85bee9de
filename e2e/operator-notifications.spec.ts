import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, PORT, screenshot, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';
import { latestMailTo } from './support/mail.ts';

test.describe.configure({ timeout: 240_000 });

const STORE = `http://demo.localhost:${PORT}`;

// Read without waiting: the badge leaves the page when nothing is unread.
const unreadCount = async (page: Page) => {
  const [text] = await page.getByTestId('notification-unread-count').allTextContents();
  return text ? Number(text.replace('+', '')) : 0;
};

/** A visitor books the walking tour for 2 adults in the demo's default store and pays by test card; answers the reference. */
const bookInDemoStore = async (page: Page) => {
  await page.goto(`${STORE}/s/`);
  await page.getByRole('searchbox', { name: 'Search' }).fill('old town');
  await expect(page.getByRole('heading', { level: 2, name: '1 experience' })).toBeVisible();
  await page.getByRole('link', { name: 'Lisbon Old Town Walking Tour' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon Old Town Walking Tour' })).toBeVisible();
  const panel = page.locator('#book');
  await panel
    .getByRole('button', { name: /\d{1,2} [A-Z][a-z]+ \d{4}$/ })
    .first()
    .click();
  await panel.getByRole('button', { name: 'More Adult' }).click();
  await panel
    .getByRole('radio', { name: /\d{2}:\d{2}.*left/ })
    .first()
    .check();
  await panel.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Notify');
  await page.getByLabel('Email').fill('nora.notify@example.com');
  for (const select of await page.locator('select[required]').all()) await select.selectOption({ index: 1 });
  // The store has no terms page: there is nothing to accept.
  await expect(page.getByRole('checkbox', { name: /I accept the terms/ })).toHaveCount(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Nora Notify');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  return (await page.locator('.reference__value').textContent())?.trim() ?? '';
};

/*
 * Issue 23, point 5: the operator hears of a webstore booking — the header bell counts it and links
 * to the order, a mail goes to the owner — and a member turns the booking mail off in the profile.
 */
test('a visitor books in the demo webstore; the operator sees it in the bell, opens the order, and turns the booking mail off', async ({
  browser,
  page,
}) => {
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  // The seeded history starts read: only what happens from now on is news (the system's welcome
  // notice may still be unread).
  const api = apiAs(page);
  const unreadNow = async () =>
    (await api.get<{ unread: number }>('/notifications/unread-count/')).unread +
    (await api.get<{ unread: number }>('/system-notifications/unread-count/')).unread;
  const before = await unreadNow();

  const visitor = await browser.newContext();
  const reference = await bookInDemoStore(await visitor.newPage());
  expect(reference).toMatch(/^#\d+$/);
  await visitor.close();

  // ── The bell counts it (read again on the next page; polled while a page stays open).
  // (At least one more: what earlier walks did may still be arriving through the job queue.)
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(async () => {
    await page.goto(dashboardUrl(DEMO.subdomain));
    await expect(bell).toBeVisible({ timeout: 15_000 });
    expect(await unreadCount(page)).toBeGreaterThanOrEqual(before + 1);
  }).toPass({ timeout: 60_000 });
  await bell.hover();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  const notice = popover.locator('[data-kind="new_booking"]').filter({ hasText: `New booking ${reference}` });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Nora Notify booked €70.00 in the webstore.');
  await screenshot(page, 'operator-notifications-01-bell');
  await expectNoSeriousA11yViolations(page, 'the bell with a booking notice');

  // ── The notice links to the order; opening it marks it read.
  await notice.getByRole('link', { name: 'Open order' }).click();
  await expect(page).toHaveURL(/\/orders\/editor\/[0-9a-f-]{36}\/details$/);
  await expect(page.getByText(reference).first()).toBeVisible();
  await expect(popover).toBeHidden();
  const readAt = async () =>
    (await api.get<{ results: { title: string; read_at: string | null }[] }>('/notifications/?kind=new_booking')).results.find(
      (n) => n.title === `New booking ${reference}`,
    )?.read_at ?? null;
  await expect.poll(readAt).not.toBeNull();
  await screenshot(page, 'operator-notifications-02-order');

  // ── The owner (a manager: booking mails on until chosen otherwise) got the mail, from the job queue.
  const mail = await latestMailTo(DEMO.email, `New booking ${reference}`);
  expect(mail).toContain(`Subject: [Demo Adventures] New booking ${reference}`);
  expect(mail).toContain('Nora Notify booked');
  expect(mail).toMatch(/\/orders\/editor\/[0-9a-f-]{36}\/details/);

  // ── The profile: the booking mail off, kept after a reload; the others stay on.
  await page.goto(dashboardUrl(DEMO.subdomain, '/settings/account'));
  await expect(page.getByText('Mail notifications', { exact: true })).toBeVisible({ timeout: 30_000 });
  const bookings = page.getByRole('switch', { name: /^New bookings/ });
  await expect(bookings).toBeChecked({ timeout: 30_000 });
  await expect(page.getByText(`Sent to ${DEMO.email}.`)).toBeVisible();
  await bookings.click();
  await expect(toast(page, 'Update successful!')).toBeVisible();
  await expect(bookings).not.toBeChecked();
  await page.getByRole('switch', { name: /^Failed payments/ }).scrollIntoViewIfNeeded();
  await screenshot(page, 'operator-notifications-03-profile');
  await expectNoSeriousA11yViolations(page, 'the profile with mail notifications');
  // The page's data loads after its chunk: on a busy machine that takes a while.
  await page.reload();
  await expect(page.getByRole('switch', { name: /^New bookings/ })).not.toBeChecked({ timeout: 30_000 });
  await expect(page.getByRole('switch', { name: /^Failed payments/ })).toBeChecked();
});
