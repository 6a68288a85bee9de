import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { createOffer, openOffers, writeJpeg } from './support/offers.ts';

test.describe.configure({ timeout: 120_000 });

/** Calls the public booking API from the organization's page (same origin, no session needed). */
const publicCall = async <T>(page: Page, path: string, data: object) => {
  const { status, body } = await page.evaluate(
    async ({ path, data }) => {
      const res = await fetch(`/api/1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
      });
      return { status: res.status, body: await res.text() };
    },
    { path, data },
  );
  expect(status, `${path}: ${body}`).toBe(201);
  return JSON.parse(body) as T;
};

test('an order booked through the public API is found, paid in two steps, canceled and refunded in the back office', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'orders-e2e-'));
  const owner = await signUpOwner(page);

  // ── An Active offer: description, Adult and Child prices, a daily 10:00 start, an image.
  await openOffers(page);
  const id = await createOffer(page, 'Harbour kayak tour', 'Ticket & Passes');
  const api = apiAs(page);
  await api.patch(`/experiences/${id}/`, { description: 'Two hours along the harbour.' });
  const adult = await api.post('/pricing-categories/', { name: 'Adult', type: 'adult' });
  const child = await api.post('/pricing-categories/', { name: 'Child', type: 'child', min_age: 4, max_age: 17 });
  const rate = await api.post('/pricing-rates/', {
    experience_id: id,
    name: 'Standard',
    prices: [
      { pricing_category_id: adult.id, price: 4000 },
      { pricing_category_id: child.id, price: 2000 },
    ],
  });
  const start = await api.post('/start-times/', {
    experience_id: id,
    time: '10:00',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    date_from: '2026-01-01',
    date_to: null,
    capacity: 12,
  });
  const image = readFileSync(await writeJpeg(dir, 'kayak.jpg', { r: 30, g: 110, b: 190 })).toString('base64');
  const uploaded = await page.evaluate(
    async ({ id, image }) => {
      const bytes = Uint8Array.from(atob(image), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'kayak.jpg');
      return (await fetch(`/api/experiences/${id}/images/`, { method: 'PATCH', body: form })).status;
    },
    { id, image },
  );
  expect(uploaded).toBeLessThan(300);
  await api.patch(`/experiences/${id}/`, { status: 'active' });

  // ── A visitor reserves 2 adults + 1 child for the day after tomorrow and books.
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const hold = await publicCall<{ id: string }>(page, '/reserve/', {
    productId: id,
    availabilityId: `${day}_${start.id}`,
    rateId: rate.id,
    units: [
      { pricingCategoryId: adult.id, quantity: 2 },
      { pricingCategoryId: child.id, quantity: 1 },
    ],
  });
  const order = await publicCall<{ id: string; reference: string }>(page, '/book/', {
    holdId: hold.id,
    contact: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' },
  });

  // ── The office finds it by the customer's name; the search stays in the URL.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list'));
  const table = page.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(row).toContainText('€100.00');
  await expect(row).toContainText('Not paid');
  await expect(row).toContainText('Confirmed');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill('hopper');
  await expect(page).toHaveURL(/search=hopper/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'orders list');
  await screenshot(page, 'orders-01-list');
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('hopper');

  await row.getByRole('link', { name: order.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/editor/${order.id}/details$`));
  await expect(page.getByRole('heading', { name: `Order ${order.reference}` })).toBeVisible();
  await expect(page.getByText('Harbour kayak tour')).toBeVisible();
  await expect(page.getByText('3 participants')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit trail' })).toBeDisabled();
  await screenshot(page, 'orders-02-details');

  // ── Paid in two steps: a cash deposit (Partially paid), then the rest by card (test mode).
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  const form = page.getByRole('form', { name: 'Record a payment' });
  await form.getByLabel('Amount (EUR)').fill('30.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Partially paid');
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('70.00');
  await form.getByLabel('Method').click();
  await page.getByRole('option', { name: 'Card (test mode)' }).click();
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Fully paid');
  await expect(page.getByRole('table', { name: 'Payments' }).getByText('Card (test mode)')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'order payments');
  await screenshot(page, 'orders-03-paid');

  // ── The guide's manifest of that day: the party, attendance in one tap, a CSV export.
  await page.goto(dashboardUrl(owner.subdomain, `/bookings/overview?date=${day}`));
  const manifest = page.getByRole('table', { name: 'Bookings' });
  const booking = manifest.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(booking).toContainText('2 × Adult, 1 × Child');
  await expect(booking).toContainText('10:00');
  await booking.getByText('Arrived', { exact: true }).click();
  await page.reload();
  await expect(booking.getByRole('radio', { name: 'Arrived' })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).first().click();
  const csv = readFileSync((await (await download).path()) as string, 'utf8');
  expect(csv).toContain('"Grace","Hopper","grace@example.test"');
  expect(csv).toContain('"Arrived"');
  await expectNoSeriousA11yViolations(page, 'bookings overview');
  await screenshot(page, 'orders-04-manifest');
  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${order.id}/payments`));

  // ── Canceled: the places come back, the policy's refund is proposed, the refund is recorded.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Cancel order' }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order canceled: its places are free again')).toBeVisible();
  await expect(page.getByText('Canceled', { exact: true }).first()).toBeVisible();
  await form.getByText('Refund', { exact: true }).click();
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('100.00');
  await form.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Refunded');
  await screenshot(page, 'orders-05-refunded');

  const availability = await page.evaluate(
    async ({ id, day }) => (await fetch(`/api/bookings/check-availability/?experience_id=${id}&date_from=${day}`)).json(),
    { id, day },
  );
  expect(availability.results[0].available).toBe(12);

  // ── The list filter finds it as Refunded, from the URL.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list?payment_status=refunded&status=canceled'));
  await expect(table.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('Refunded');
  rmSync(dir, { recursive: true, force: true });
});
