import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, PORT, screenshot } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';

test.describe.configure({ timeout: 180_000 });

const STORE = `http://demo.localhost:${PORT}`;
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

type Store = { id: string; slug: string; name: string; status: string; is_default: boolean };

/** The demo organization's seeded webstore (Active, default, every Active demo offer), as the operator sees it. */
const demoStore = async (browser: Browser): Promise<Store> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  const { results } = await apiAs(page).get<{ results: Store[] }>('/stores/?page_size=50');
  const store = results.find((s) => s.status === 'active' && s.is_default);
  expect(store, 'the demo seeds an Active default store').toBeDefined();
  await context.close();
  return store as Store;
};

/** Contact, the offer's required questions (first choice), the terms. */
const fillCheckout = async (page: Page) => {
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Silva');
  await page.getByLabel('Email').fill('ana.silva@example.com');
  for (const select of await page.locator('select[required]').all()) {
    await select.selectOption({ index: 1 });
  }
  // The store has no terms page: there is nothing to accept.
  await expect(page.getByRole('checkbox', { name: /I accept the terms/ })).toHaveCount(0);
};

const fillCard = async (page: Page, number: string) => {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ana Silva');
};

test('a visitor on a phone finds an offer, books 2 adults, is declined once, pays and sees the order in the back office', async ({
  browser,
}) => {
  const store = await demoStore(browser);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();

  // ── Store home: /s/ is the default store.
  await page.goto(`${STORE}/s/`);
  await expect(page).toHaveURL(`${STORE}/s/${store.slug}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const offers = page.getByRole('heading', { level: 2, name: /\d+ experiences?/ });
  await expect(offers).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'webstore home');
  await screenshot(page, 'webstore-home');

  // ── Language: German loads when chosen, is remembered, and back to English.
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('searchbox', { name: 'Suche' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: /\d+ Erlebnis(se)?/ })).toBeVisible();
  await screenshot(page, 'webstore-home-de');
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // ── Filters: a keyword nothing matches, then one that does.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('zzzz-nothing');
  await expect(page.getByText('No experiences match your search.')).toBeVisible();
  await expect(page).toHaveURL(/keyword=zzzz-nothing/);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await search.fill('old town');
  await expect(page).toHaveURL(/keyword=old\+town/);
  await expect(page.getByRole('heading', { level: 2, name: '1 experience' })).toBeVisible();
  const card = page.getByRole('link', { name: 'Lisbon Old Town Walking Tour' });
  await expect(card).toBeVisible();
  await screenshot(page, 'webstore-home-filtered');

  // ── The offer page.
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon Old Town Walking Tour' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meeting point' })).toBeVisible();
  const panel = page.locator('#book');
  await expect(panel.getByRole('button', { name: /\d{1,2} [A-Z][a-z]+ \d{4}$/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'webstore offer');
  await screenshot(page, 'webstore-offer');

  // A date, 2 adults (one to start with), a start with places left.
  await panel
    .getByRole('button', { name: /\d{1,2} [A-Z][a-z]+ \d{4}$/ })
    .first()
    .click();
  await panel.getByRole('button', { name: 'More Adult' }).click();
  await expect(panel.getByRole('status', { name: 'Adult' })).toHaveText('2');
  const slot = panel.getByRole('radio', { name: /\d{2}:\d{2}.*left/ }).first();
  await slot.check();
  await expect(panel.getByText('Total')).toBeVisible();
  await expect(panel.locator('.panel__total strong')).toHaveText('€70.00');
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'webstore-offer-panel');
  await panel.getByRole('button', { name: 'Add to cart' }).click();

  // ── The cart: the hold's countdown.
  await expect(page).toHaveURL(`${STORE}/s/${store.slug}/cart`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/Places held for \d{2}:\d{2}/);
  await expect(page.getByText('2 × Adult')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 booking' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'webstore cart');
  await screenshot(page, 'webstore-cart');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();

  // ── Checkout, first with the decline card: the error, and the cart stays.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Test mode — no real money moves')).toBeVisible();
  await fillCheckout(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay €70.00' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible();
  await expect(page).toHaveURL(`${STORE}/s/${store.slug}/checkout`);
  await expect(page.getByRole('link', { name: 'Cart, 1 booking' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'webstore checkout (declined)');
  await screenshot(page, 'webstore-checkout-declined');

  // A card that fails Luhn never leaves the page.
  await fillCard(page, '4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Pay €70.00' }).click();
  await expect(page.getByText('This card number is not valid.')).toBeVisible();

  // ── Then the success card.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay €70.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${store.slug}/confirmation\\?session_id=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  const reference = (await page.locator('.reference__value').textContent())?.trim() ?? '';
  expect(reference).not.toBe('');
  await expect(page.getByRole('region', { name: 'Your bookings' })).toContainText('Lisbon Old Town Walking Tour');
  await expect(page.getByRole('region', { name: 'Your bookings' })).toContainText('2 participants');
  // The booking's ticket: its signed QR code and the code to type in (e2e/qr-codes.spec.ts checks one in).
  await expect(page.getByRole('img', { name: 'Ticket QR code for Lisbon Old Town Walking Tour' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download ticket (PDF)' })).toHaveAttribute(
    'href',
    /\/api\/order\/tickets\/pdf\/\?session_id=/,
  );
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    /\/api\/order\/calendar\/\?session_id=/,
  );
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart, 0 bookings');
  await expectNoSeriousA11yViolations(page, 'webstore confirmation');
  await screenshot(page, 'webstore-confirmation');
  await context.close();

  // ── The operator sees the order under the store.
  const operator = await browser.newPage();
  await login(operator, DEMO.email, DEMO.password, DEMO.subdomain);
  await operator.goto(dashboardUrl(DEMO.subdomain, '/orders/list'));
  const storeFilter = operator.getByRole('textbox', { name: 'Store' }).or(operator.getByRole('combobox', { name: 'Store' }));
  await storeFilter.first().click();
  await operator.getByRole('option', { name: store.name }).click();
  await expect(operator).toHaveURL(new RegExp(`store=${store.id}`));
  await expect(operator.getByText(reference)).toBeVisible();
  await screenshot(operator, 'webstore-operator-orders');
});

test('the embeddable widget books without the store chrome and tells its parent page', async ({ browser }) => {
  const store = await demoStore(browser);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${STORE}/s/${store.slug}/`);
  const offerId = await page.evaluate(async (slug) => {
    const res = await fetch(`/api/webstores/experiences/?store=${slug}&keyword=old+town`);
    return ((await res.json()) as { results: { id: string }[] }).results[0].id;
  }, store.slug);

  // Another site's page with the widget in an iframe, collecting what it is told. It is served from
  // this machine (a page the test fulfils itself has no address, and Chromium's local network
  // access checks would refuse it a frame of a local server).
  const html =
    `<!doctype html><html lang="en"><title>Partner</title><main><h1>Partner site</h1><iframe title="Book the walking tour" src="${STORE}/s/${store.slug}/embed/offers/${offerId}" style="width:100%;height:1500px;border:0"></iframe></main>` +
    '<script>window.received = []; addEventListener("message", (e) => window.received.push(e.data));</script>';
  const partner = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const { port } = partner.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/tours.html`);
  const widget = page.frameLocator('iframe');
  await expect(widget.getByRole('heading', { level: 1, name: 'Lisbon Old Town Walking Tour' })).toBeVisible();
  await expect(widget.getByRole('banner')).toHaveCount(0);
  await expect(widget.getByRole('contentinfo')).toHaveCount(0);
  await widget
    .getByRole('button', { name: /\d{1,2} [A-Z][a-z]+ \d{4}$/ })
    .first()
    .click();
  await widget
    .getByRole('radio', { name: /\d{2}:\d{2}.*left/ })
    .first()
    .check();
  await widget.getByRole('button', { name: 'Add to cart' }).click();
  await expect(widget.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await widget.getByRole('button', { name: 'Proceed to checkout' }).click();
  await widget.getByLabel('First name').fill('Jonas');
  await widget.getByLabel('Last name').fill('Weber');
  await widget.getByLabel('Email').fill('jonas.weber@example.com');
  for (const select of await widget.locator('select[required]').all()) await select.selectOption({ index: 1 });
  // The store has no terms page: there is nothing to accept.
  await expect(widget.getByRole('checkbox', { name: /I accept the terms/ })).toHaveCount(0);
  await widget.getByLabel('Card number').fill('4242 4242 4242 4242');
  await widget.getByLabel('Expiry (MM/YY)').fill('12/39');
  await widget.getByLabel('CVC').fill('123');
  await widget.getByLabel('Name on card').fill('Jonas Weber');
  await widget.getByRole('button', { name: /^Pay / }).click();
  await expect(widget.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  const reference = (await widget.locator('.reference__value').textContent())?.trim();

  const message = await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received[0]);
  expect(await message.jsonValue()).toEqual({
    type: 'excursio:booking-completed',
    reference,
    session_id: expect.stringMatching(/^cs_/),
    total: 3500,
    currency: 'EUR',
  });
  await screenshot(page, 'webstore-embed-confirmation');
  partner.close();
});
