import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@excursio/contract/messages';
import { expect, test } from '@playwright/test';
import { dashboardUrl, screenshot, signUpOwner, toast } from './support/account.ts';
import { choose } from './support/offers.ts';
import { createActiveStore, signUpAffiliate, storeTabs, supplierCatalog } from './support/partners.ts';
import {
  connectTestProvider,
  fillContact,
  fillTestCard,
  payForPlan,
  reserveAndCheckOut,
  storeUrl,
  TEST_MODE,
} from './support/payments.ts';
import { createBookableOffer } from './support/sales.ts';

test.describe.configure({ timeout: 360_000 });

/*
 * Issue 23: a resale paid through the collecting party's provider (payments/sale-payments.ts), the
 * case where the terms say the SUPPLIER collects. Two new organizations (the demo's partnership is
 * other specs' and has the reseller collect): a supplier on Growth, connected to the test-mode
 * provider; an affiliate on Affiliate Pro (stores), connected to nothing. The visitor pays by card in
 * the affiliate's store, so the money is taken by the supplier's provider.
 */
const OFFER = 'Estuary dolphin cruise';

test('the supplier collects: a visitor pays by card in the affiliate’s store through the supplier’s provider; the supplier reads the resale paid, the affiliate its commission owed to it', async ({
  page,
  browser,
}) => {
  // ── The supplier: a new organization on Growth (partners), connected to the test mode, with an offer.
  const supplier = await signUpOwner(page);
  await page.goto(dashboardUrl(supplier.subdomain, '/settings/subscription/supplier-plans'), { timeout: 30_000 });
  await payForPlan(page, 'Growth', '€49.00');
  await expect(page.getByText('Payment received: your new plan is active.')).toBeVisible({ timeout: 30_000 });
  await connectTestProvider(page, supplier.subdomain);
  const dir = mkdtempSync(join(tmpdir(), 'resale-e2e-'));
  await createBookableOffer(page, dir, OFFER);
  rmSync(dir, { recursive: true, force: true });

  // ── The affiliate: a new organization on Affiliate Pro (stores), with no payment provider.
  const agencyContext = await browser.newContext();
  const agency = await agencyContext.newPage();
  const reseller = await signUpAffiliate(agency);
  await agency.goto(dashboardUrl(reseller.subdomain, '/settings/subscription/affiliate-plans'), { timeout: 30_000 });
  await payForPlan(agency, 'Affiliate Pro', '€79.00');
  await expect(agency.getByText('Payment received: your new plan is active.')).toBeVisible({ timeout: 30_000 });
  await agency.goto(dashboardUrl(reseller.subdomain, '/settings/payment-providers'));
  await expect(agency.getByTestId('connection-status')).toHaveText('Not connected');

  // ── The supplier invites it: 10 % commission, and "The supplier collects" chosen in the terms.
  await page.goto(dashboardUrl(supplier.subdomain, '/sales/partners?pageSize=25'));
  await page.getByRole('button', { name: 'Invite partner' }).first().click();
  const invite = page.getByRole('dialog', { name: 'Invite partner' });
  await invite.getByRole('textbox', { name: 'Subdomain' }).fill(reseller.subdomain);
  await invite.getByRole('textbox', { name: 'Commission' }).fill('10');
  const collector = invite.getByRole('radiogroup', { name: 'Who collects the customer’s payment' });
  await collector.getByText('The supplier collects', { exact: true }).click();
  await expect(collector.getByRole('radio', { name: 'The supplier collects' })).toBeChecked();
  await screenshot(page, 'resale-supplier-collects-01');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, MESSAGES.created)).toBeVisible();
  const invited = page.getByRole('table', { name: 'My resellers' }).getByRole('row').filter({ hasText: reseller.organization });
  await expect(invited).toContainText('Invited');
  await expect(invited).toContainText('10 % commission');
  await expect(invited).toContainText('Supplier collects');

  // ── The affiliate accepts (its supplier is the one who collects: nothing for it to connect).
  await agency.goto(dashboardUrl(reseller.subdomain, '/sales/partners'));
  const waiting = agency.getByTestId('pending-invitations');
  await expect(waiting).toContainText(`${supplier.organization} invites you to resell its offers`);
  await waiting.getByRole('button', { name: `Accept the invitation from ${supplier.organization}` }).click();
  await expect(toast(agency, MESSAGES.updated)).toBeVisible();
  await agency.getByRole('radiogroup', { name: 'Partner type' }).getByText('My suppliers').click();
  const partner = agency.getByRole('table', { name: 'My suppliers' }).getByRole('row').filter({ hasText: supplier.organization });
  await expect(partner).toContainText('Active');
  await expect(partner).toContainText('Supplier collects');

  // ── The affiliate's new Active store, with the supplier's offer from the Global catalog.
  const storeName = `Dolphin Desk ${Date.now().toString(36)}`;
  await agency.goto(dashboardUrl(reseller.subdomain, '/sales/stores?pageSize=25'));
  const slug = await createActiveStore(agency, storeName);
  const catalog = await supplierCatalog(agency, supplier.organization);
  const catalogRow = catalog.getByRole('row').filter({ hasText: OFFER });
  await expect(catalogRow).toContainText(supplier.organization);
  // Payable: the supplier collects and is connected, so no "cannot be paid" reason is shown.
  await expect(catalogRow).not.toContainText('has not connected a payment provider');
  await screenshot(agency, 'resale-supplier-collects-02');
  await catalogRow.getByRole('button', { name: `Add ${OFFER}` }).click();
  await expect(toast(agency, `${OFFER} was added to ${storeName}.`)).toBeVisible();
  await storeTabs(agency).getByRole('link', { name: 'Products' }).click();
  await choose(agency, 'Owner', 'Resold offers');
  const productRow = agency.getByRole('table', { name: 'Offers in the store' }).getByRole('row').filter({ hasText: OFFER });
  await expect(productRow).toContainText('Shown');
  await expect(productRow).not.toContainText('has not connected a payment provider');

  // ── A visitor in the AFFILIATE's webstore: one adult, pays €40.00 with the test mode's card form.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(storeUrl(reseller.subdomain, slug), { timeout: 30_000 });
  await reserveAndCheckOut(visitor, storeUrl(reseller.subdomain, slug), OFFER);
  await expect(visitor.getByText(TEST_MODE)).toBeVisible();
  await expect(visitor.getByText('Card payments are not available at this store right now.')).toHaveCount(0);
  await fillContact(visitor, 'ana.supplier-collects@example.com');
  await fillTestCard(visitor);
  await screenshot(visitor, 'resale-supplier-collects-03');
  await visitor.getByRole('button', { name: 'Pay €40.00' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible({ timeout: 30_000 });
  const reference = (await visitor.locator('.reference__value').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^#\d+$/);
  await screenshot(visitor, 'resale-supplier-collects-04');
  await visitorContext.close();

  // ── The supplier: the order in its list, sold by the affiliate's store, fully paid.
  await page.goto(dashboardUrl(supplier.subdomain, '/orders/list?pageSize=25'));
  const order = page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: reference });
  await expect(order).toContainText(`Resale · ${reseller.organization}`);
  await expect(order).toContainText(storeName);
  await expect(order).toContainText('€40.00');
  await expect(order).toContainText('Fully paid');
  await screenshot(page, 'resale-supplier-collects-05');

  // …and on its Resales page (sold for it): paid, it collected, it owes the affiliate the 10 %.
  await page.goto(dashboardUrl(supplier.subdomain, '/resales/overview?pageSize=25&side=supplier'));
  const forUs = page.getByRole('table', { name: 'Resales' }).getByRole('row').filter({ hasText: reference });
  await expect(forUs).toContainText('Resold for us');
  await expect(forUs).toContainText(reseller.organization);
  await expect(forUs).toContainText('€40.00');
  await expect(forUs).toContainText('€4.00');
  await expect(forUs).toContainText('Fully paid');
  await forUs.getByRole('button', { name: `Open resale ${reference}` }).click();
  const drawer = page.getByRole('dialog', { name: `Resale ${reference}` });
  await expect(drawer.getByText('The supplier collects', { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('resale-commission')).toHaveText('€4.00');
  await expect(drawer.getByTestId('resale-net')).toHaveText('€36.00');
  await expect(drawer.getByTestId('resale-settlement')).toHaveText(
    `${supplier.organization} owes ${reseller.organization} €4.00`,
  );
  await screenshot(page, 'resale-supplier-collects-06');

  // ── The affiliate: the resale on its Resales page, with its commission, and the same settlement.
  await agency.goto(dashboardUrl(reseller.subdomain, '/resales/overview?pageSize=25'));
  const sold = agency.getByRole('table', { name: 'Resales' }).getByRole('row').filter({ hasText: reference });
  await expect(sold).toContainText('We resold');
  await expect(sold).toContainText(supplier.organization);
  await expect(sold).toContainText('€40.00');
  await expect(sold).toContainText('€4.00');
  await expect(sold).toContainText('Fully paid');
  await sold.getByRole('button', { name: `Open resale ${reference}` }).click();
  const details = agency.getByRole('dialog', { name: `Resale ${reference}` });
  await expect(details.getByText('Commission (10 %)')).toBeVisible();
  await expect(details.getByText('The supplier collects', { exact: true })).toBeVisible();
  await expect(details.getByTestId('resale-settlement')).toHaveText(
    `${supplier.organization} owes ${reseller.organization} €4.00`,
  );
  await expect(details.getByText('ana.supplier-collects@example.com')).toBeVisible();
  await screenshot(agency, 'resale-supplier-collects-07');
  await agencyContext.close();
});
