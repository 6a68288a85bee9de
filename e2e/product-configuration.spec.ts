import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, sidebar, signUpOwner, toast } from './support/account.ts';
import { bookOnline, createBookableOffer } from './support/sales.ts';

test.describe.configure({ timeout: 240_000 });

test('product configuration: 12-hour times show at once, and a reminder sent by the job queue shows on the order', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'config-e2e-'));
  const owner = await signUpOwner(page);
  const offer = await createBookableOffer(page, dir, 'Harbour kayak tour');
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const order = await bookOnline(page, offer, day);

  // ── The order's start in the default 24-hour format; no message sent yet (the start is two days away).
  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${order.id}/details`));
  const line = page.getByLabel('Line: Harbour kayak tour');
  await expect(line).toContainText(', 10:00', { timeout: 30_000 });
  const messages = page.getByLabel('Messages');
  await expect(messages).toContainText('No reminder or follow-up has been sent for this order yet.');

  // ── Settings → Product configuration: 12-hour times, reminders three days ahead.
  await sidebar(page).getByRole('link', { name: 'Product configuration' }).click();
  await expect(page).toHaveURL(/\/settings\/product-configuration$/);
  await expect(page.getByRole('heading', { name: 'Dates and times' })).toBeVisible();
  await screenshot(page, 'config-01-defaults');
  await page.getByText('12-hour (hh:mm A)').click();
  const hours = page.getByLabel('Hours before the start');
  await hours.fill('72');
  await page.getByLabel('Booking reference prefix').fill('HK-');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Update successful!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'product configuration');
  await screenshot(page, 'config-02-saved');

  // ── Back to the order without reloading: its time is 12-hour at once.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/orders/editor/${order.id}/details$`));
  await expect(line).toContainText(', 10:00 AM');

  // ── The job queue's sweep finds the booking within the 72 hours and sends the reminder once.
  await expect(async () => {
    await page.reload();
    // Loaded first (slow on a loaded machine), then read once.
    await expect(messages).toContainText(/Reminder|No reminder/, { timeout: 30_000 });
    await expect(messages).toContainText('Reminder', { timeout: 1_000 });
  }).toPass({ timeout: 120_000 });
  await expect(messages).toContainText('To grace@example.test');
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await messages.scrollIntoViewIfNeeded();
  await screenshot(page, 'config-03-order-messages');

  // ── A new order takes the new reference prefix.
  const next = await bookOnline(page, offer, day);
  expect(next.reference).toMatch(/^HK-\d+$/);
  rmSync(dir, { recursive: true, force: true });
});
