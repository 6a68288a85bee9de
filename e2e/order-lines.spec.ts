import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { createBookableOffer, placesLeft } from './support/sales.ts';

test.describe.configure({ timeout: 150_000 });

test('an operator removes one child from a booking and cancels the other line of a two-line order in the order editor', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'order-lines-e2e-'));
  const owner = await signUpOwner(page);

  // ── An Active offer (Adult 40.00, Child 20.00, a daily 10:00 start of 12) with a policy: 50 % up to a day before.
  const offer = await createBookableOffer(page, dir, 'Lagoon canoe trip');
  const api = apiAs(page);
  const policy = await api.post('/cancellation-policies/', {
    name: 'Half back until the day before',
    tiers: [{ hours_before: 24, refund_percent: 50 }],
  });
  await api.patch(`/experiences/${offer.id}/`, { cancellation_policy_id: policy.id });

  // ── A two-line order sold at the desk: 2 adults + 2 children, and 1 adult on the same start; paid in full.
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const cart = await api.get<{ id: string }>('/cart/');
  const line = (adults: number, children: number) => ({
    experience_id: offer.id,
    rate_id: offer.rate.id,
    availability_id: `${day}_${offer.start.id}`,
    units: [
      { pricing_category_id: offer.adult.id, quantity: adults },
      ...(children ? [{ pricing_category_id: offer.child.id, quantity: children }] : []),
    ],
  });
  await api.post(`/cart/${cart.id}/lines/`, line(2, 2));
  await api.post(`/cart/${cart.id}/lines/`, line(1, 0));
  const order = await api.post<{ id: string; reference: string; total: number }>('/orders/', {
    cart_id: cart.id,
    contact: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' },
  });
  expect(order.total).toBe(16000);
  await api.post(`/orders/${order.id}/payments/`, {
    method: 'cash',
    amount: 16000,
    idempotency_key: crypto.randomUUID(),
  });
  expect(await placesLeft(page, offer.id, day)).toBe(7);

  await page.goto(dashboardUrl(owner.subdomain, `/orders/editor/${order.id}/details`));
  // The editor's code loads on first use: a loaded shared machine can take longer than the default wait.
  await expect(page.getByRole('heading', { name: `Order ${order.reference}` })).toBeVisible({ timeout: 30_000 });
  const cards = page.locator('[aria-label="Line: Lagoon canoe trip"]');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('4 participants');
  await expect(cards.nth(0)).toContainText('€120.00');
  await expect(cards.nth(1)).toContainText('1 participant');
  await expect(page.getByText(/Created .* · €160\.00/)).toBeVisible();

  // ── One child stays home: Change participants, Child 2 → 1.
  await cards.nth(0).getByRole('button', { name: 'Change participants' }).click();
  const partyDialog = page.getByRole('dialog', { name: /Change participants/ });
  await expect(partyDialog).toContainText('Now 4 participants, €120.00.');
  await expect(partyDialog).toContainText('7 places are left on this start.');
  await expect(partyDialog).toContainText('the cancellation policy refunds 50 % of their price');
  await expect(partyDialog.getByRole('button', { name: 'Save participants' })).toBeDisabled();
  await partyDialog.getByRole('textbox', { name: 'Child' }).fill('1');
  await screenshot(page, 'order-lines-01-party-dialog');
  await partyDialog.getByRole('button', { name: 'Save participants' }).click();
  await expect(partyDialog).toBeHidden();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(cards.nth(0)).toContainText('3 participants');
  await expect(cards.nth(0)).toContainText('€100.00');
  await expect(cards.nth(0).getByText('Participants removed: their places are free again')).toBeVisible();
  // Paid in cash: the policy's refund is due for the operator to make (Refund due until recorded).
  await expect(cards.nth(0)).toContainText('A refund of €10.00 is due: make it and record it on the Payments tab.');
  await expect(page.getByText(/Created .* · €140\.00/)).toBeVisible();
  expect(await placesLeft(page, offer.id, day)).toBe(8);
  await expectNoSeriousA11yViolations(page, 'order editor after a party change');
  await screenshot(page, 'order-lines-02-child-removed');

  // ── The single adult cancels: Cancel this booking, the policy's refund said before confirming.
  await cards.nth(1).getByRole('button', { name: 'Cancel this booking' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel this booking' });
  await expect(cancelDialog).toContainText('Its place becomes free again.');
  await expect(cancelDialog).toContainText('The cancellation policy proposes a refund of €20.00 (50 %)');
  await screenshot(page, 'order-lines-03-cancel-dialog');
  await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(cards.nth(1).getByText('Booking canceled: its places are free again')).toBeVisible();
  await expect(cards.nth(1)).toContainText('A refund of €20.00 is due: make it and record it on the Payments tab.');
  await expect(cards.nth(1).getByText(/^Canceled/)).toBeVisible();
  await expect(cards.nth(1).getByRole('button', { name: 'Cancel this booking' })).toHaveCount(0);
  // The order stays Confirmed with its other line; its total is what is left.
  await expect(page.getByText(/Created .* · €100\.00/)).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  expect(await placesLeft(page, offer.id, day)).toBe(9);
  // No request failed on the way (a dialog closing must not leave a half-read answer behind).
  await expect(page.getByRole('alert').filter({ hasText: /^Error/ })).toHaveCount(0);
  await screenshot(page, 'order-lines-04-line-canceled');

  // ── The booking page offers the same for the remaining line.
  await cards.nth(0).getByRole('link', { name: 'Booking details' }).click();
  await expect(page.getByText('Change this booking')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel this booking' })).toBeVisible();
  await page.getByRole('button', { name: 'Change participants' }).click();
  await expect(page.getByRole('dialog', { name: /Change participants/ })).toContainText('Now 3 participants, €100.00.');
  await page.getByRole('button', { name: 'Keep as it is' }).click();
  await screenshot(page, 'order-lines-05-booking-page');
  // On a guide's phone the two actions stay whole.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Cancel this booking' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Cancel this booking' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Change participants' })).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'order-lines-06-booking-page-375');
  rmSync(dir, { recursive: true, force: true });
});
