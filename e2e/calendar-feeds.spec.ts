import { expect, type Page, test } from '@playwright/test';
import { dashboardUrl, login, screenshot, sidebar } from './support/account.ts';
import { DEMO } from './support/demo.ts';

/**
 * The feed as a calendar app reads it on each refresh (from the page: Node does not resolve
 * *.localhost; past the browser's cache, which may keep the feed for its max-age of 5 minutes).
 */
const readFeed = (page: Page, url: string) =>
  page.evaluate(async (address) => {
    const res = await fetch(address, { credentials: 'omit', cache: 'no-store' });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  }, url);

test('the owner makes a secret calendar address of the departures, a calendar reads it, and revoking stops it', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  await sidebar(page).getByRole('link', { name: 'Calendar feeds' }).click();
  await expect(page).toHaveURL(dashboardUrl(DEMO.subdomain, '/settings/calendar-feeds'));
  await expect(page.getByRole('heading', { name: 'Calendar feeds' })).toBeVisible();

  await page.getByRole('button', { name: /^(Create|New) address$/ }).click();
  const shown = page.getByRole('dialog', { name: 'Calendar address' });
  const url = ((await shown.getByTestId('Calendar address').textContent()) ?? '').trim();
  expect(url).toMatch(new RegExp(`^http://${DEMO.subdomain}\\.localhost:\\d+/api/calendar-feeds/[^/]+/feed\\.ics$`));
  await screenshot(page, 'calendar-feeds-01-address');
  await shown.getByRole('button', { name: 'Done' }).click();
  const feeds = page.getByRole('table', { name: 'Calendar feeds' });
  await expect(feeds.getByRole('row').filter({ hasText: 'All departures' })).toHaveCount(1);

  // A calendar app, with no session: the demo's booked departures as events.
  const feed = await readFeed(page, url);
  expect(feed.status).toBe(200);
  expect(feed.type).toContain('text/calendar');
  expect(feed.text).toContain('BEGIN:VCALENDAR');
  expect(feed.text).toMatch(/BEGIN:VEVENT[\s\S]*SUMMARY:.+\(\d+ booked\)[\s\S]*END:VEVENT/);

  // Revoked: the same address answers nothing any more.
  await feeds.getByRole('button', { name: 'Revoke the address of All departures' }).click();
  await page.getByRole('dialog', { name: 'Revoke calendar address' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Calendar address revoked.')).toBeVisible();
  await expect(feeds.getByRole('row').filter({ hasText: 'All departures' })).toHaveCount(0);
  expect((await readFeed(page, url)).status).toBe(404);
  await screenshot(page, 'calendar-feeds-02-revoked');
});
