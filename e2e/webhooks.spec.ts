import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, screenshot, sidebar } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';
import { bookFirstStartWithRoom } from './support/sales.ts';

// The server runs with WEBHOOK_ALLOW_PRIVATE=127.0.0.1 (playwright.config.ts): this receiver on loopback
// is the integrator's system. It checks every signature with the secret the settings page showed.
type Received = { headers: IncomingHttpHeaders; body: string };
let server: Server;
const received: Received[] = [];
test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const signatureValid = (secret: string, r: Received) => {
  const parts = Object.fromEntries(
    String(r.headers['excursio-signature'])
      .split(',')
      .map((p) => p.split('=', 2)),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${r.body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
};

/** A visitor books two adults on the demo's walking tour (the first start with room): the order. */
const bookWalkingTour = async (page: Page) => {
  const { results } = await apiAs(page).get<{ results: { id: string; title: string }[] }>(
    '/experiences/?search=Lisbon%20Old%20Town&status=active',
  );
  return bookFirstStartWithRoom(page, results[0].id, 2, {
    first_name: 'Ada',
    last_name: 'Webhook',
    email: 'ada-webhook@example.test',
  });
};

test('the owner registers a webhook endpoint, an order is delivered signed, seen in the log, and replayed', async ({ page }) => {
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/excursio`;
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);

  await sidebar(page).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(dashboardUrl(DEMO.subdomain, '/settings/webhooks'));
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
  await screenshot(page, 'webhooks-01-empty');

  // Register: a private address other than the allowed one is refused; the receiver's is taken.
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await form.getByLabel('Endpoint URL').fill('http://10.0.0.5/hooks');
  await form.getByLabel('Description').fill('Booking sync');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Webhooks are sent only to public addresses')).toBeVisible();
  await form.getByLabel('Endpoint URL').fill(url);
  await expect(form.getByRole('checkbox', { name: 'Order created' })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'add webhook endpoint');
  await screenshot(page, 'webhooks-02-form');
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const shown = page.getByRole('dialog', { name: 'Endpoint added' });
  const secret = ((await shown.getByTestId('Signing secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^whsec_/);
  await screenshot(page, 'webhooks-03-secret');
  await shown.getByRole('button', { name: 'Done' }).click();
  const endpoints = page.getByRole('table', { name: 'Webhook endpoints' });
  await expect(endpoints.getByRole('row').filter({ hasText: url })).toContainText('Enabled');
  await expect(page.getByText(secret)).toHaveCount(0);

  // An order: delivered signed (order.created and order.confirmed), shown in the log.
  const order = await bookWalkingTour(page);
  await expect
    .poll(() => received.filter((r) => r.body.includes(order.id)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  for (const r of received) expect(signatureValid(secret, r), r.body).toBe(true);
  const created = received.find((r) => r.headers['excursio-event'] === 'order.created');
  expect(JSON.parse(created?.body ?? '{}').data.order.reference).toBe(order.reference);

  const log = page.getByRole('table', { name: 'Webhook deliveries' });
  await page.getByRole('button', { name: 'Refresh the delivery log' }).click();
  const row = log.getByRole('row').filter({ hasText: 'Order created' }).first();
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('200');
  await expectNoSeriousA11yViolations(page, 'webhooks page with deliveries');
  await screenshot(page, 'webhooks-04-log');

  // Replay: the same event (same id and body) arrives again, correctly signed.
  const before = received.length;
  await row.getByRole('button', { name: 'Replay Order created delivery' }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(before + 1);
  const replayed = received[received.length - 1];
  expect(replayed.body).toBe(created?.body);
  expect(signatureValid(secret, replayed)).toBe(true);
  await page.getByRole('button', { name: 'Refresh the delivery log' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Order created' })).toHaveCount(2);

  // "Send a test event": a signed ping arrives and is in the log as "Test event".
  const beforePing = received.length;
  await endpoints.getByRole('button', { name: `Send a test event to ${url}` }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(beforePing + 1);
  const ping = received[received.length - 1];
  expect(ping.headers['excursio-event']).toBe('ping');
  expect(signatureValid(secret, ping)).toBe(true);
  await page.getByRole('button', { name: 'Refresh the delivery log' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Test event' }).first()).toContainText('Delivered');
  // The endpoints list's pager offers its page sizes, with 25 chosen.
  await expect(page.getByRole('combobox', { name: 'Rows per page' }).first()).toHaveValue('25');
  await screenshot(page, 'webhooks-05-test-event');

  // Revealed on demand; removed at the end (the demo stays as it was).
  await endpoints.getByRole('button', { name: `Reveal the signing secret of ${url}` }).click();
  await expect(page.getByRole('dialog', { name: 'Signing secret' }).getByTestId('Signing secret')).toHaveText(secret);
  await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();
  await endpoints.getByRole('button', { name: `Remove ${url}` }).click();
  await page.getByRole('dialog', { name: 'Remove endpoint' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
});

test('the orders list downloads its filtered rows as CSV and XLSX', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  await page.goto(dashboardUrl(DEMO.subdomain, '/orders/list?status=canceled'));
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row').filter({ hasText: 'Canceled' }).first()).toBeVisible();

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).first().click();
  await screenshot(page, 'exports-01-menu');
  await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await csv.path()) as string, 'utf8');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toContain('"Reference","Created","Status"');
  // Every row is a canceled order, as the list's filter says.
  expect(lines.slice(1).every((l) => l.includes('"Canceled"'))).toBe(true);
  expect(lines.length - 1).toBeGreaterThanOrEqual(1);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).first().click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(
    readFileSync((await xlsx.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  // The lines export: one row per booked line, with its offer and service date.
  const linesDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).first().click();
  await page.getByRole('menuitem', { name: 'Order lines (CSV)' }).click();
  const linesCsv = readFileSync((await (await linesDownload).path()) as string, 'utf8')
    .trim()
    .split('\r\n');
  expect(linesCsv[0]).toContain('"Order","Order created","Offer","Service date"');
  expect(linesCsv.length - 1).toBeGreaterThanOrEqual(lines.length - 1);
  expect(linesCsv.slice(1).every((l) => l.includes('"Canceled"'))).toBe(true);
});
