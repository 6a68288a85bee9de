import { MESSAGES } from '@excursio/contract/messages';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, PORT, screenshot, sidebar, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';
import { choose } from './support/offers.ts';
import { publicCall } from './support/sales.ts';

test.describe.configure({ timeout: 180_000 });

// The demo organization is on the top plan (stores included); a new sign-up's Starter plan is not.
const TOUR = 'Lisbon Old Town Walking Tour';
const KAYAK = 'Sunset Kayak Rental';
const EDITOR_URL = /\/sales\/stores\/editor\/([0-9a-f-]{36})\/([a-z-]+)(\?.*)?$/;

const storeTabs = (page: Page) => page.getByRole('navigation', { name: 'Store sections' });
const offersInStore = (page: Page) => page.getByRole('table', { name: 'Offers in the store' });
const storeRows = (page: Page) => page.getByRole('table', { name: 'Stores' }).getByRole('row');
/** The whole settings page (longer than the window), beside the helper's window-sized screenshots. */
const fullPage = (page: Page, name: string) =>
  page.screenshot({ path: `test-results${PORT === 3100 ? '' : `-${PORT}`}/screens/${name}.png`, fullPage: true });

test('a store manager creates a store, sets it up, fills it from the catalog, arranges its offers, and deletes it', async ({
  page,
}) => {
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);

  // The sidebar's Stores is built: it opens the list, which explains what a store is.
  await sidebar(page).getByRole('link', { name: 'Stores', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/stores\?pageSize=25$/);
  // The demo comes with its webstore, the default store.
  await expect(storeRows(page)).toHaveCount(2);
  await expect(storeRows(page).nth(1)).toContainText('Harbour & Hills');
  await expect(storeRows(page).nth(1)).toContainText('Default store');
  // A search that finds nothing: the empty list says so and offers the way back.
  await page.getByRole('searchbox', { name: 'Search stores' }).fill('no such store');
  await expect(page).toHaveURL(/search=no\+such\+store/);
  await expect(page.getByText('No stores match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(storeRows(page)).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'stores list');
  await screenshot(page, 'stores-01-list');

  // Create: the slug follows the name until edited.
  await page.getByRole('button', { name: 'Create store' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create store' });
  await dialog.getByLabel('Name').fill('Lisbon Walks & Boats');
  await expect(dialog.getByLabel('Slug')).toHaveValue('lisbon-walks-boats');
  await dialog.getByLabel('Slug').fill('lisbon');
  await dialog.getByLabel('Name').fill('Lisbon Walks');
  await expect(dialog.getByLabel('Slug')).toHaveValue('lisbon');
  await expectNoSeriousA11yViolations(page, 'create store dialog');
  await dialog.getByRole('button', { name: 'Create store' }).click();
  await expect(toast(page, MESSAGES.storeCreated)).toBeVisible();
  await expect(page).toHaveURL(EDITOR_URL);
  const storeId = EDITOR_URL.exec(page.url())?.[1] as string;
  expect(page.url()).toMatch(/\/settings$/);
  await expect(page.getByTestId('store-name')).toHaveText('Lisbon Walks');
  await expect(storeTabs(page).getByRole('link')).toHaveText(['Analytics', 'Products', 'Settings', 'Global catalog']);
  await expect(storeTabs(page).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');

  // Settings: the install has no reCAPTCHA keys here, and says so in an operator's words (no variable names).
  await expect(page.getByTestId('recaptcha-off')).toHaveText(
    'reCAPTCHA is not available: this Excursio installation has no reCAPTCHA keys set up. Ask whoever runs it to add them.',
  );
  await expect(page.getByTestId('recaptcha-off')).not.toContainText('RECAPTCHA_');
  await expect(page.getByRole('switch', { name: 'Ask for reCAPTCHA at checkout' })).toBeDisabled();
  await expect(page.getByLabel('Deposit (percent of the total)')).toHaveCount(0);
  await page.getByLabel('Headline').fill('Old town walks and sunset paddles');
  await page.getByRole('radio', { name: 'Deposit at booking' }).check();
  await page.getByLabel('Deposit (percent of the total)').fill('30');
  await page.getByLabel('Hold places for (minutes)').fill('20');
  await page.getByRole('checkbox', { name: 'Deutsch' }).check();
  await page.getByLabel('Status').getByText('Active', { exact: true }).click();
  // A logo from the media library (the demo's offer pictures are in it) and an accent colour.
  await page.getByRole('button', { name: 'Choose logo' }).click();
  const library = page.getByRole('dialog', { name: 'Choose the logo' });
  await library
    .getByRole('button', { name: /^Choose / })
    .first()
    .click();
  await expect(library).toBeHidden();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'No hero picture' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Accent colour' }).fill('#2f9e44');
  await page.getByLabel('Headline').click();
  await expectNoSeriousA11yViolations(page, 'store settings');
  await screenshot(page, 'stores-02-settings');
  await fullPage(page, 'stores-02-settings-full');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, MESSAGES.storeUpdated)).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByTestId('store-status').first()).toHaveText('Active');
  await page.reload();
  await expect(page.getByLabel('Headline')).toHaveValue('Old town walks and sunset paddles');
  await expect(page.getByLabel('Deposit (percent of the total)')).toHaveValue('30 %');
  await expect(page.getByLabel('Hold places for (minutes)')).toHaveValue('20');
  await expect(page.getByRole('checkbox', { name: 'Deutsch' })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Accent colour' })).toHaveValue('#2f9e44');

  // A slug another store has is refused by the server, at the field.
  await apiAs(page).post('/stores/', { name: 'Airport desk', slug: 'airport-desk' });
  await page.getByLabel('Slug').fill('airport-desk');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Another store of your organization already uses this address.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Slug')).toHaveValue('lisbon');

  // Global catalog: the organization's offers not in the store, and (External) what its suppliers share.
  await storeTabs(page).getByRole('link', { name: 'Global catalog' }).click();
  await expect(page.getByText(/External offers are the Active offers your suppliers share with you/)).toBeVisible();
  const catalog = page.getByRole('table', { name: 'Offers to add' });
  await expect(catalog.getByRole('row').filter({ hasText: TOUR })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Marketplace' }).getByText('External').click();
  await expect(page).toHaveURL(/ownership=external/);
  await expect(page.getByText('No offers match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).not.toHaveURL(/ownership=/);
  await expectNoSeriousA11yViolations(page, 'global catalog');
  await screenshot(page, 'stores-03-catalog');
  for (const title of [TOUR, KAYAK]) {
    await catalog.getByRole('button', { name: `Add ${title}` }).click();
    await expect(toast(page, `${title} was added to Lisbon Walks.`)).toBeVisible();
    await expect(catalog.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  }

  // Products: in the order they were added; the draft kayak is in the store but hidden from visitors.
  await storeTabs(page).getByRole('link', { name: 'Products' }).click();
  const rows = offersInStore(page).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(TOUR);
  await expect(rows.nth(2)).toContainText(KAYAK);
  await expect(rows.nth(2)).toContainText('Hidden');
  await expect(rows.nth(2)).toContainText('Draft: publish the offer to sell it here.');
  await expect(rows.nth(1)).toContainText('Shown');
  await expect(offersInStore(page).getByRole('button', { name: `Move ${TOUR} up` })).toBeDisabled();
  await offersInStore(page)
    .getByRole('button', { name: `Move ${KAYAK} up` })
    .click();
  await expect(rows.nth(1)).toContainText(KAYAK);
  await expect(rows.nth(2)).toContainText(TOUR);
  await page.getByRole('switch', { name: `Feature ${TOUR}` }).click({ force: true });
  await expect(toast(page, `${TOUR} is featured.`)).toBeVisible();
  // Owner filter (§9): every offer here is the organization's own.
  await choose(page, 'Owner', 'Resold offers');
  await expect(page).toHaveURL(/ownership=external/);
  await expect(page.getByText('No offers in this store match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  // Distance: a point near Lisbon's Praça do Comércio finds the tour (the kayak has no coordinates).
  await page.getByRole('button', { name: /^Where:/ }).click();
  await page.getByLabel('Latitude').fill('38.71');
  await page.getByLabel('Longitude').fill('-9.14');
  await page.getByLabel('Radius (km)').fill('10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/lat=38\.71/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(TOUR);
  await expect(rows.nth(1)).toContainText(/\d+(\.\d)? km/);
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(rows).toHaveCount(3);
  await page.reload();
  await expect(page.getByRole('switch', { name: `Feature ${TOUR}` })).toBeChecked();
  await expect(rows.nth(1)).toContainText(KAYAK);
  await expectNoSeriousA11yViolations(page, 'store products');
  await screenshot(page, 'stores-04-products');
  // On a phone the offers are cards, with the same switches and buttons.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Offers in the store' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Move ${TOUR} down` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move ${TOUR} up` })).toBeVisible();
  await screenshot(page, 'stores-04b-products-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await offersInStore(page)
    .getByRole('button', { name: `Remove ${KAYAK}` })
    .click();
  await page.getByRole('dialog', { name: 'Remove from store' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, `${KAYAK} was removed from the store.`)).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Analytics: the state of the store, its address to copy, and its sales (none yet in a new store).
  await storeTabs(page).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('table', { name: 'Sales' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('Store address')).toHaveText(`http://demo.localhost:${PORT}/s/lisbon/`);
  await expect(page.getByRole('button', { name: 'Copy store address' })).toBeVisible();
  await expect(page.getByRole('link', { name: '1', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'store analytics');
  await screenshot(page, 'stores-05-analytics');

  // The widget snippet for the remaining offer.
  await storeTabs(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('Widget snippet')).toContainText(`/s/lisbon/embed/offers/`);
  await expect(page.getByTestId('Widget snippet')).toContainText(`title="Book ${TOUR}"`);
  await page.getByRole('heading', { name: 'Embed on your website' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'stores-06-embed');
  // The widget is the offer's booking page of this store.
  const [widget] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open the widget in a new tab' }).click(),
  ]);
  await expect(widget).toHaveURL(/\/s\/lisbon\/embed\/offers\/[0-9a-f-]{36}$/);
  await expect(widget.getByRole('heading', { name: TOUR })).toBeVisible();
  await screenshot(widget, 'stores-06b-widget');
  await widget.close();

  // The list: status filter in the URL, then delete.
  await page.getByRole('link', { name: 'All stores' }).click();
  await expect(storeRows(page)).toHaveCount(4);
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Active', { exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(storeRows(page)).toHaveCount(3);
  await expect(storeRows(page).filter({ hasText: 'Lisbon Walks' })).toContainText('1');
  await expect(storeRows(page).filter({ hasText: 'Airport desk' })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Draft', { exact: true }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(storeRows(page)).toHaveCount(2);
  await expect(storeRows(page).nth(1)).toContainText('Airport desk');
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(storeRows(page)).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Open Lisbon Walks in a new tab' })).toHaveAttribute('target', '_blank');
  await expectNoSeriousA11yViolations(page, 'stores list');
  await screenshot(page, 'stores-07-list');
  await page.getByRole('button', { name: 'Actions for Airport desk' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete store' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, MESSAGES.deleted)).toBeVisible();
  await expect(storeRows(page)).toHaveCount(3);
  await expect(page.getByText('Airport desk')).toHaveCount(0);

  // A store that cannot be loaded: the editor shows why, where it is (no redirect).
  const missing = dashboardUrl(DEMO.subdomain, `/sales/stores/editor/${storeId.slice(0, -4)}0000/overview`);
  await page.goto(missing);
  await expect(page.getByRole('alert').filter({ hasText: 'The store could not be loaded' })).toBeVisible();
  expect(page.url()).toBe(missing);
  await page.goto(dashboardUrl(DEMO.subdomain, '/sales/stores/editor'));
  await expect(page.getByText(MESSAGES.missingId('store'))).toBeVisible();
});

/** A GET of the API from the page, as the signed-in owner. */
const getJson = <T>(page: Page, path: string) =>
  page.evaluate(async (path) => {
    const res = await fetch(`/api${path}`);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }, path) as Promise<T>;

test('an order sold through a webstore is found with the orders list’s Store filter and names its store', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  // A visitor books the Sintra trip in the demo's webstore (the public API, as the webstore calls it).
  const offers = await getJson<{ results: { id: string }[] }>(page, '/experiences/?search=Sintra&page_size=5');
  const offerId = offers.results[0].id;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const availability = await getJson<{ results: { id: string; bookable: boolean; rate_ids: string[] }[] }>(
    page,
    `/bookings/check-availability/?experience_id=${offerId}&date_from=${tomorrow}`,
  );
  const slot = availability.results.find((s) => s.bookable && s.rate_ids.length > 0);
  expect(slot, 'a bookable start of the Sintra trip').toBeTruthy();
  const rate = await getJson<{ prices: { pricing_category_id: string }[] }>(page, `/pricing-rates/${slot?.rate_ids[0]}/`);
  const hold = await publicCall<{ id: string }>(page, '/reserve/', {
    productId: offerId,
    availabilityId: slot?.id,
    rateId: slot?.rate_ids[0],
    units: [{ pricingCategoryId: rate.prices[0].pricing_category_id, quantity: 2 }],
    store: 'harbour-and-hills',
  });
  const order = await apiAs(page).post<{ reference: string }>('/webstores/order/', {
    store: 'harbour-and-hills',
    lines: [{ hold_id: hold.id }],
    contact: { first_name: 'Ada', last_name: 'Webstore', email: 'ada.webstore@example.test' },
    terms_accepted: true,
    payment_token: 'tok_visa',
    idempotency_key: `e2e-stores-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });

  await page.goto(dashboardUrl(DEMO.subdomain, '/orders/list'));
  const table = page.getByRole('table', { name: 'Orders' });
  // The demo's back-office orders are listed too, until the filter narrows the list.
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  await choose(page, 'Store', 'Harbour & Hills');
  await expect(page).toHaveURL(/store=[0-9a-f-]{36}/);
  // Only this store's sales are left (other specs may have sold in it too): the new order first.
  const row = table.getByRole('row').filter({ hasText: order.reference });
  await expect(row).toContainText('Ada Webstore');
  await expect(table.getByRole('row').nth(1)).toContainText(order.reference);
  await expect(table.getByRole('row').filter({ hasText: 'Back office' })).toHaveCount(0);
  const rows = await table.getByRole('row').count();
  await expect(table.getByRole('row').filter({ hasText: 'Harbour & Hills' })).toHaveCount(rows - 1);
  await expectNoSeriousA11yViolations(page, 'orders filtered by store');
  await screenshot(page, 'stores-08-orders-by-store');
  await table.getByRole('link', { name: order.reference }).click();
  await expect(page.getByText(/Webstore · Harbour & Hills/)).toBeVisible();
  await screenshot(page, 'stores-09-order-header');
});

// The store's Analytics tab leads to the same filtered list (clicked at once, while the tab's
// analytics list still corrects its own URL: that correction must not drop the link's query).
test('the store’s Analytics tab leads to the orders list filtered by the store', async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  await page.goto(dashboardUrl(DEMO.subdomain, '/sales/stores'));
  await page.getByRole('link', { name: 'Harbour & Hills', exact: true }).click();
  await page.getByRole('link', { name: 'the orders sold through this store' }).click();
  await expect(page.getByRole('combobox', { name: 'Store', exact: true })).toHaveValue('Harbour & Hills');
});
