import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { bookOnline, createBookableOffer } from './support/sales.ts';

test.describe.configure({ timeout: 120_000 });

test('an order’s invoice is issued once (INV-000001), read on screen and downloaded as a PDF', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-e2e-'));
  const owner = await signUpOwner(page);
  const offer = await createBookableOffer(page, dir, 'Harbour kayak tour');

  // ── An order of 2 adults + 1 child (€100.00), €40.00 paid in cash.
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const order = await bookOnline(page, offer, day);
  await apiAs(page).post(`/orders/${order.id}/payments/`, {
    idempotency_key: crypto.randomUUID(),
    kind: 'payment',
    method: 'cash',
    amount: 4000,
  });

  // ── The Invoice step explains what issuing does.
  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${order.id}/details`));
  await page.getByRole('tab', { name: 'Invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/editor/${order.id}/invoice$`));
  await expect(page.getByText('No invoice yet')).toBeVisible();
  await screenshot(page, 'invoice-01-not-issued');

  // ── Issued: the number, the lines, the totals.
  // Irreversible: confirmed first.
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await page.getByRole('dialog', { name: 'Issue invoice' }).getByRole('button', { name: 'Issue invoice' }).click();
  await expect(toast(page, 'Invoice INV-000001 issued.')).toBeVisible();
  const document = page.getByRole('article', { name: 'Invoice INV-000001' });
  await expect(document).toBeVisible();
  await expect(document).toContainText('INV-000001');
  await expect(document).toContainText('Grace Hopper');
  await expect(document).toContainText(order.reference);
  const lines = document.getByRole('table', { name: 'Invoice lines' });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines.getByRole('row').filter({ hasText: 'Adult' })).toContainText('€80.00');
  await expect(lines.getByRole('row').filter({ hasText: 'Child' })).toContainText('€20.00');
  await expect(page.getByTestId('invoice-total')).toHaveText('€100.00');
  await expect(page.getByTestId('invoice-balance')).toHaveText('€60.00');
  await expect(page.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'invoice step');
  await screenshot(page, 'invoice-02-issued');
  await page.getByTestId('invoice-balance').scrollIntoViewIfNeeded();
  await screenshot(page, 'invoice-03-totals');

  // ── After a reload it is still the same invoice.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Invoice INV-000001' })).toBeVisible();

  // ── The PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('invoice-1.pdf');
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('(Invoice INV-000001)');
  rmSync(dir, { recursive: true, force: true });
});
