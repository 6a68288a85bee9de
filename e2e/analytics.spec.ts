import { readFileSync } from 'node:fs';
import { formatMoney } from '@excursio/contract/format';
import { expect, type Page, test } from '@playwright/test';
import { dashboardUrl, login, screenshot, sidebar } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';
import { bookFirstStartWithRoom } from './support/sales.ts';

test.describe.configure({ timeout: 180_000 });

const OFFER = 'Lisbon Old Town Walking Tour';
type Row = { key: string; label: string; currency: string; bookings: number; participants: number; net: number };

const ADA = { first_name: 'Ada', last_name: 'Analytics', email: 'ada.analytics@example.test' };
const book = (page: Page, offerId: string, people: number) => bookFirstStartWithRoom(page, offerId, people, ADA);

const offerRow = async (page: Page) => {
  const { results } = await apiAs(page).get<{ results: Row[] }>(
    `/analytics/?group=offer&page_size=100&search=${encodeURIComponent(OFFER)}`,
  );
  return results.find((r) => r.label === OFFER && r.currency === 'EUR');
};

test('an operator reads the sales of new orders per offer, in charts, in a store’s Analytics tab and as CSV', async ({
  browser,
}) => {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);

  const before = await offerRow(page);
  const { results: offers } = await apiAs(page).get<{ results: { id: string; title: string }[] }>(
    `/experiences/?page_size=50&search=${encodeURIComponent('Walking Tour')}`,
  );
  const offer = offers.find((o) => o.title === OFFER) as { id: string };
  // Two real orders through the booking API: 2 and 3 people.
  const first = await book(page, offer.id, 2);
  const second = await book(page, offer.id, 3);
  const after = (await offerRow(page)) as Row;
  expect(after.bookings).toBe((before?.bookings ?? 0) + 2);
  expect(after.participants).toBe((before?.participants ?? 0) + 5);
  expect(after.net).toBe((before?.net ?? 0) + first.total + second.total);

  // ── The analytics view, from the navigation.
  await page.goto(dashboardUrl(DEMO.subdomain, '/dashboard'));
  await sidebar(page).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/sales\/analytics/);
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  // Five requests and the charts' chunk: generous on a busy machine.
  await expect(page.getByRole('figure', { name: 'Revenue over time (EUR)' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('figure', { name: 'Top offers by net revenue' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Sales by channel' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Sales' });
  const row = table.getByRole('row').filter({ hasText: OFFER });
  await expect(row).toContainText(formatMoney(after.net, 'EUR'));
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(after.bookings));
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(after.participants));
  await screenshot(page, 'analytics-view');

  // Search narrows the rows (through the URL), grouping by channel shows the booking API.
  await page.getByRole('searchbox', { name: 'Search sales rows' }).fill('walking');
  await expect(page).toHaveURL(/search=walking/);
  await expect(table.getByRole('row')).toHaveCount(2);
  // Grouped by channel (from the address: two quick URL changes in a row can race in the list machinery).
  await page.goto(dashboardUrl(DEMO.subdomain, '/sales/analytics?pageSize=25&group=channel'));
  await expect(page.getByRole('radiogroup', { name: 'Group by' }).getByRole('radio', { name: 'Channel' })).toBeChecked({
    timeout: 45_000,
  });
  await expect(table.getByRole('row').filter({ hasText: 'Booking API' })).toBeVisible({ timeout: 30_000 });

  // ── CSV of the rows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) as string, 'utf8');
  expect(csv).toContain('"Channel","Currency","Bookings"');
  expect(csv).toContain('"Booking API","EUR"');

  // ── The store editor's Analytics tab: the demo store's own sales.
  const { results: stores } = await apiAs(page).get<{ results: { id: string; is_default: boolean }[] }>('/stores/?page_size=50');
  const store = stores.find((s) => s.is_default) as { id: string };
  const storeSales = await apiAs(page).get<{ totals: { currency: string; net: number }[] }>(`/analytics/?store=${store.id}`);
  await page.goto(dashboardUrl(DEMO.subdomain, `/sales/stores/editor/${store.id}/overview`));
  await expect(page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Analytics' })).toBeVisible({
    timeout: 45_000,
  });
  // The chart, or 'No sales in this range.' when the store sold nothing lately.
  await expect(page.getByText(/Revenue over time/)).toBeVisible({ timeout: 45_000 });
  const eur = storeSales.totals.find((t) => t.currency === 'EUR');
  if (eur) await expect(page.getByTestId('total-net')).toHaveText(formatMoney(eur.net, 'EUR'));
  await screenshot(page, 'analytics-store-tab');
  await context.close();
});
