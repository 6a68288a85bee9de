import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, PORT, screenshot, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO, DEMO_AFFILIATE, MONTHS } from './support/demo.ts';
import { choose } from './support/offers.ts';
import { createActiveStore, storeTabs, supplierCatalog } from './support/partners.ts';

test.describe.configure({ timeout: 240_000 });

/*
 * The demo supplier and the demo affiliate (seeded on a fresh data directory: a partnership with 15 %
 * commission, the walking tour shared). A newly registered affiliate is on the free plan, which has no
 * stores until plans can be changed (the payments issue), so the affiliate that opens a store here is
 * the seeded one; e2e/partners.spec.ts walks a new affiliate through the invitation.
 */
const SUPPLIER = DEMO;
const RESELLER = DEMO_AFFILIATE;
const TOUR = 'Lisbon Old Town Walking Tour';

/** "N slots · X of Y places taken" of the opened capacity day: X. */
const placesTaken = async (page: Page) => {
  const summary = page.getByTestId('day-summary');
  await expect(summary).toHaveText(/\d+ of \d+ places taken/);
  return Number(/(\d+) of \d+ places taken/.exec((await summary.textContent()) ?? '')?.[1]);
};

test('the reseller puts the supplier’s tour in a new store, a visitor books it there; the reseller sees the resale with its commission, the supplier the order with the reseller as seller and the places gone', async ({
  page,
  browser,
}) => {
  // ── The supplier's capacity on the first bookable day of the tour, before.
  await login(page, SUPPLIER.email, SUPPLIER.password, SUPPLIER.subdomain);
  const [tour] = (await apiAs(page).get<{ results: { id: string }[] }>(`/experiences/?search=${encodeURIComponent(TOUR)}`))
    .results;
  const now = new Date();
  const config = await apiAs(page).get<{ days: { date: string }[] }>(
    `/bookings/config/?experience_id=${tour.id}&month=${now.getMonth() + 1}&year=${now.getFullYear()}`,
  );
  const date = config.days[0].date;
  const capacityDay = dashboardUrl(SUPPLIER.subdomain, `/capacity/overview?date=${date}&pageSize=25`);
  await page.goto(capacityDay);
  const before = await placesTaken(page);

  // ── The reseller: the partnership's terms, a new store, the supplier's tour from the Global catalog.
  const resellerContext = await browser.newContext();
  const agency = await resellerContext.newPage();
  await login(agency, RESELLER.email, RESELLER.password, RESELLER.subdomain);
  await agency.goto(dashboardUrl(RESELLER.subdomain, '/sales/partners?type=suppliers&pageSize=25'));
  const partner = agency.getByRole('table', { name: 'My suppliers' }).getByRole('row').filter({ hasText: SUPPLIER.name });
  await expect(partner).toContainText('Active');
  await expect(partner).toContainText('15 % commission');

  const storeName = `Harbour Walks ${Date.now().toString(36)}`;
  await agency.goto(dashboardUrl(RESELLER.subdomain, '/sales/stores?pageSize=25'));
  const slug = await createActiveStore(agency, storeName);
  const catalog = await supplierCatalog(agency, SUPPLIER.name);
  await expect(catalog.getByRole('row').filter({ hasText: TOUR })).toContainText(SUPPLIER.name);
  await expectNoSeriousA11yViolations(agency, 'global catalog with a supplier');
  await screenshot(agency, 'resale-01-global-catalog');
  await catalog.getByRole('button', { name: `Add ${TOUR}` }).click();
  await expect(toast(agency, `${TOUR} was added to ${storeName}.`)).toBeVisible();
  await storeTabs(agency).getByRole('link', { name: 'Products' }).click();
  await choose(agency, 'Owner', 'Resold offers');
  await expect(
    agency.getByRole('table', { name: 'Offers in the store' }).getByRole('row').filter({ hasText: TOUR }),
  ).toContainText('Shown');

  // ── A visitor on the reseller's webstore books 2 adults on that day and pays (test card).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`http://${RESELLER.subdomain}.localhost:${PORT}/s/${slug}/`);
  await visitor.getByRole('link', { name: TOUR }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: TOUR })).toBeVisible();
  const panel = visitor.locator('#book');
  const day = new Date(`${date}T12:00:00Z`);
  await panel
    .getByRole('button', { name: new RegExp(`${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}$`) })
    .click();
  await panel.getByRole('button', { name: 'More Adult' }).click();
  await expect(panel.getByRole('status', { name: 'Adult' })).toHaveText('2');
  await panel
    .getByRole('radio', { name: /\d{2}:\d{2}.*left/ })
    .first()
    .check();
  await expect(panel.locator('.panel__total strong')).toHaveText('€70.00');
  await panel.getByRole('button', { name: 'Add to cart' }).click();
  await visitor.getByRole('button', { name: 'Proceed to checkout' }).click();
  await visitor.getByLabel('First name').fill('Ana');
  await visitor.getByLabel('Last name').fill('Silva');
  await visitor.getByLabel('Email').fill('ana.resale@example.com');
  for (const select of await visitor.locator('select[required]').all()) await select.selectOption({ index: 1 });
  // The store has no terms page: there is nothing to accept.
  await expect(visitor.getByRole('checkbox', { name: /I accept the terms/ })).toHaveCount(0);
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiry (MM/YY)').fill(`12/${(now.getFullYear() + 3) % 100}`);
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByLabel('Name on card').fill('Ana Silva');
  await visitor.getByRole('button', { name: 'Pay €70.00' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  const reference = (await visitor.locator('.reference__value').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^#\d+$/);
  await screenshot(visitor, 'resale-02-visitor-confirmed');
  await visitorContext.close();

  // ── The reseller: the sale in its resales, with its 15 % (€10.50 of €70.00).
  await agency.goto(dashboardUrl(RESELLER.subdomain, '/resales/overview?pageSize=25'));
  const sold = agency.getByRole('table', { name: 'Resales' }).getByRole('row').filter({ hasText: reference });
  await expect(sold).toContainText('We resold');
  await expect(sold).toContainText(SUPPLIER.name);
  await expect(sold).toContainText('€70.00');
  await expect(sold).toContainText('€10.50');
  await screenshot(agency, 'resale-03-reseller-resales');
  await resellerContext.close();

  // ── The supplier: the order, sold by the reseller (the seller filter offers it), and the places gone.
  await page.goto(dashboardUrl(SUPPLIER.subdomain, '/orders/list?pageSize=25'));
  await choose(page, 'Seller', `${RESELLER.name} (reseller)`);
  await expect(page).toHaveURL(/seller=/);
  await page.getByText(reference, { exact: true }).click();
  await expect(page.getByText(`by ${RESELLER.name} (reseller)`, { exact: false })).toBeVisible();
  await screenshot(page, 'resale-04-supplier-order');
  await page.goto(capacityDay);
  await expect.poll(() => placesTaken(page)).toBe(before + 2);
  await screenshot(page, 'resale-05-supplier-capacity');
});
