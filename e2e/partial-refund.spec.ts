import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { bookOnline, createBookableOffer } from './support/sales.ts';

test.describe.configure({ timeout: 300_000 });
// The first look after a navigation waits longer: on a shared 2-core machine a page can take >10 s to load.
const LOADED = { timeout: 30_000 };

/*
 * Issue 23 (money): an operator takes a €100 order's payment in full, gives €20 back as a goodwill
 * refund (confirmed with the amount), and the order then reads Partially refunded — not Partially paid,
 * and no payment is offered — and the payment-status filters find it (Refunded, Partially refunded),
 * not Partially paid. The Invoice tab asks for no invoice before one exists (no 404 in the console).
 */
test('a partial refund of a paid order, and the payment-status filters that find it', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'partial-refund-e2e-'));
  const owner = await signUpOwner(page);
  const offer = await createBookableOffer(page, dir, 'Lighthouse walk');
  rmSync(dir, { recursive: true, force: true });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const order = await bookOnline(page, offer, day); // 2 adults + 1 child: €100.00

  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  // ── The Invoice tab before any invoice: the empty state, and no failed request behind it.
  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${order.id}/invoice`));
  await expect(page.getByText('No invoice yet')).toBeVisible(LOADED);
  expect(consoleErrors).toEqual([]);

  // ── Paid in full at the desk: the form offers exactly what is due.
  await page.getByRole('tab', { name: 'Payments' }).click();
  const form = page.getByRole('form', { name: 'Record a payment' });
  await expect(form.getByText('Due: €100.00')).toBeVisible();
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('100.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Fully paid');

  // ── Nothing is due now: no payment is offered, the refund form is empty (not everything paid).
  await expect(form.getByRole('radio', { name: 'Payment received' })).toBeDisabled();
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('');
  await expect(form.getByText('No refund is due. Up to €100.00 can be refunded.')).toBeVisible();

  // ── €20 goodwill, confirmed with the amount.
  await form.getByLabel('Amount (EUR)').fill('20.00');
  await form.getByLabel('Note').fill('Goodwill: rain on the day');
  await form.getByRole('button', { name: 'Record refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Record refund' });
  await expect(confirm).toContainText(`Refund €20.00 in cash for order ${order.reference}?`);
  await screenshot(page, 'partial-refund-01-confirm');
  await confirm.getByRole('button', { name: 'Refund €20.00' }).click();
  await expect(confirm).toHaveCount(0);

  // ── A refund is not an unpaid balance.
  await expect(page.getByTestId('payment-status')).toHaveText('Partially refunded');
  const totals = page.getByText('Due', { exact: true }).locator('..');
  await expect(totals).toContainText('€0.00');
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Refund' })).toContainText(
    '−€20.00',
  );
  await expect(form.getByRole('radio', { name: 'Payment received' })).toBeDisabled();
  await expect(page.getByText('Payment received 20.00')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'order payments, partially refunded');
  await screenshot(page, 'partial-refund-02-order');

  // ── The orders list: the Refunded filter finds it, showing its state.
  await page.goto(dashboardUrl(owner.subdomain, '/orders/list?pageSize=25'));
  const table = page.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row').filter({ hasText: order.reference });
  await expect(row).toContainText('Partially refunded', LOADED);
  await page.getByRole('combobox', { name: 'Payment status' }).click();
  await page.getByRole('option', { name: 'Refunded', exact: true }).click();
  await expect(page).toHaveURL(/payment_status=refunded/);
  await expect(row).toContainText('Partially refunded');
  await screenshot(page, 'partial-refund-03-filter-refunded');

  // ── Partially paid does not find it (nothing is owed); Partially refunded does.
  await page.getByRole('combobox', { name: 'Payment status' }).click();
  await page.getByRole('option', { name: 'Partially paid', exact: true }).click();
  await expect(page).toHaveURL(/payment_status=partially_paid/);
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Payment status' }).click();
  await page.getByRole('option', { name: 'Partially refunded', exact: true }).click();
  await expect(page).toHaveURL(/payment_status=partially_refunded/);
  await expect(row).toContainText('Grace Hopper');
  await expect(table.getByRole('row')).toHaveCount(2);

  // ── A second order, paid in cash and canceled: its policy refund is owed, not made. The dialog's
  // buttons say what each does; the refund is queued as Refund due, counted on the dashboard.
  const api = apiAs(page);
  const policy = await api.post('/cancellation-policies/', {
    name: 'Full refund up to a day ahead',
    tiers: [{ hours_before: 24, refund_percent: 100 }],
  });
  await api.patch(`/experiences/${offer.id}/`, { cancellation_policy_id: policy.id });
  const second = await bookOnline(page, offer, day, { adults: 1, children: 1 }); // €60.00
  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${second.id}/payments`));
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('60.00', LOADED);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Fully paid');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(cancel.getByRole('button', { name: 'Keep order' })).toBeVisible();
  await screenshot(page, 'partial-refund-04-cancel-dialog');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Refund due');
  await expect(page.getByText('A refund of €60.00 is due', { exact: false })).toBeVisible();
  await expect(form.getByLabel('Amount (EUR)')).toHaveValue('60.00');
  await screenshot(page, 'partial-refund-05-refund-due');
  await page.goto(dashboardUrl(owner.subdomain, '/dashboard'));
  const notice = page.getByRole('alert', { name: 'Refunds due' });
  await expect(notice).toContainText('1 canceled order owes its customer a refund.', LOADED);
  await screenshot(page, 'partial-refund-06-dashboard');
  await notice.getByRole('link', { name: 'Open them' }).click();
  await expect(page).toHaveURL(/payment_status=refund_due/);
  await expect(table.getByRole('row')).toHaveCount(2, LOADED);
  await expect(table.getByRole('row').filter({ hasText: second.reference })).toContainText('Refund due');
  expect(consoleErrors).toEqual([]);
});
