import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, PORT, screenshot, toast } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';
import { bookFirstStartWithRoom } from './support/sales.ts';

test.describe.configure({ timeout: 180_000 });

const STORE = `http://demo.localhost:${PORT}`;
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

type Store = { id: string; slug: string; name: string; status: string; is_default: boolean };
type StoreOffer = { id: string; title: string; hidden_reason: string | null };

/** The demo's Active default store and an offer visitors can book in it. */
const demoStoreAndOffer = async (page: Page) => {
  const api = apiAs(page);
  const { results: stores } = await api.get<{ results: Store[] }>('/stores/?page_size=50');
  const store = stores.find((s) => s.status === 'active' && s.is_default) as Store;
  expect(store, 'the demo seeds an Active default store').toBeDefined();
  const { results: offers } = await api.get<{ results: StoreOffer[] }>(`/stores/${store.id}/experiences/?page_size=50`);
  const offer = offers.find((o) => o.title === 'Lisbon Old Town Walking Tour' && !o.hidden_reason) as StoreOffer;
  expect(offer, 'the demo store sells the walking tour').toBeDefined();
  return { store, offer };
};

const bookTwo = (page: Page, offerId: string) =>
  bookFirstStartWithRoom(page, offerId, 2, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' });

const signedIn = async (browser: Browser, options = {}) => {
  const context = await browser.newContext({ ...options, acceptDownloads: true });
  const page = await context.newPage();
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  return { context, page };
};

test('an operator makes a QR code for an offer, downloads it as PNG and SVG, and a visitor’s scan is counted', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser);
  const { store, offer } = await demoStoreAndOffer(page);
  const name = `Flyer ${Date.now().toString(36)}`;

  // ── The page, and the form: an offer link to the walking tour in the demo store.
  await page.goto(dashboardUrl(DEMO.subdomain, '/sales/qr-codes?pageSize=25'));
  await expect(page.getByRole('heading', { name: 'QR codes' })).toBeVisible();
  await page.getByRole('button', { name: 'New QR code' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New QR code' });
  await dialog.getByText('Offer link', { exact: true }).click();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Store' }).click();
  await page.getByRole('option', { name: store.name, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Offer' }).click();
  await page.getByRole('option', { name: offer.title, exact: true }).click();
  await expectNoSeriousA11yViolations(page, 'new QR code form');
  await screenshot(page, 'qr-01-new-code');
  await dialog.getByRole('button', { name: 'Create QR code' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();

  // ── Listed; opened: the code as it downloads, where it leads, no scans yet.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Offer link');
  await expect(row).toContainText(offer.title);
  await expect(row).toContainText('Not scanned yet');
  // The list fits a laptop's width: no column pushed past the page's edge.
  const table = page.getByRole('table').first();
  expect(await table.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page, 'QR codes list');
  await screenshot(page, 'qr-01b-list');
  await row.getByRole('button', { name: `Open ${name}` }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByRole('img', { name: /^QR code [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/ })).toBeVisible();
  await expect(drawer.getByTestId('scan-totals')).toHaveText('0 in the last 30 days · 0 in all');
  const address = (await drawer.getByTestId('Address').textContent()) ?? '';
  expect(address).toMatch(new RegExp(`^http://demo\\.localhost:${PORT}/api/o/[0-9A-Z]{12}/$`));
  await expectNoSeriousA11yViolations(page, 'QR code drawer');
  await screenshot(page, 'qr-02-drawer');

  // ── Downloads: a PNG at print size and an SVG.
  const [png] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Download PNG' }).click()]);
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  expect(png.suggestedFilename()).toBe(`qr-${slug}.png`);
  const pngBytes = readFileSync(await png.path());
  expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');
  expect(pngBytes.readUInt32BE(16)).toBe(1200);
  const [svg] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe(`qr-${slug}.svg`);
  expect(readFileSync(await svg.path(), 'utf8')).toMatch(/^<svg [^>]*viewBox=/);

  // ── A visitor's phone opens the code's address: the offer's booking page in the store.
  const visitor = await browser.newContext(PHONE);
  const phone = await visitor.newPage();
  await phone.goto(address);
  await expect(phone).toHaveURL(`${STORE}/s/${store.slug}/offers/${offer.id}`);
  await expect(phone.getByRole('heading', { level: 1, name: offer.title })).toBeVisible();
  await visitor.close();

  // ── The scan is counted (today, in the chart and the list).
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('scan-count')).toHaveText('1');
  await expect(row).toContainText('Last ');
  await expect(row).not.toContainText('Not scanned yet');
  await row.getByRole('button', { name: `Open ${name}` }).click();
  await expect(drawer.getByTestId('scan-totals')).toHaveText('1 in the last 30 days · 1 in all');
  await expect(drawer.locator('.recharts-bar-rectangle path')).toHaveCount(1);
  await drawer.getByRole('figure', { name: 'Scans per day' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'qr-03-scanned');

  // ── Deleted, after confirming: its address leads nowhere.
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete QR code' });
  await expect(confirm).toContainText('printed copies lead nowhere');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Item deleted!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect(await page.evaluate(async (url) => (await fetch(url, { redirect: 'manual' })).status, address)).toBe(404);
  await context.close();
});

test('a booking’s ticket: on the confirmation page, checked in once by a guide, refused on a second phone', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser);
  const { store, offer } = await demoStoreAndOffer(page);
  const order = await bookTwo(page, offer.id);
  const ticket = await apiAs(page).get<{ code: string; content: string }>(`/bookings/${order.lines[0].booking.id}/ticket/`);
  const grouped = ticket.code.match(/.{4}/g)?.join('-') ?? '';

  // ── The visitor's confirmation page carries the ticket.
  const visitor = await browser.newContext(PHONE);
  const phone = await visitor.newPage();
  await phone.goto(`${STORE}/s/${store.slug}/confirmation?session_id=${order.session_id}`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  const tickets = phone.getByRole('region', { name: 'Your ticket' });
  await expect(tickets.getByRole('img', { name: `Ticket QR code for ${offer.title}` })).toBeVisible();
  await expect(tickets).toContainText(grouped);
  await tickets.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(phone, 'confirmation with its ticket');
  await screenshot(phone, 'qr-04-confirmation-ticket');
  await visitor.close();

  // ── A second guide's phone opens the ticket's address (as a camera app would) before the first checks it in.
  const second = await signedIn(browser, PHONE);
  await second.page.goto(ticket.content);
  await expect(second.page).toHaveURL(dashboardUrl(DEMO.subdomain, '/bookings/check-in'));
  const late = second.page.getByRole('region', { name: 'Ticket', exact: true });
  await expect(late.getByTestId('ticket-state')).toHaveText('Valid');
  await expect(late).toContainText('Signature checked: issued by Demo Adventures.');

  // ── The first guide types the code on the check-in page and checks the party in.
  await page.goto(dashboardUrl(DEMO.subdomain, '/bookings/check-in'));
  await page.getByLabel('Ticket code').fill(grouped.toLowerCase());
  await page.getByRole('button', { name: 'Look up' }).click();
  const card = page.getByRole('region', { name: 'Ticket', exact: true });
  await expect(card.getByTestId('ticket-state')).toHaveText('Valid');
  await expect(card.getByTestId('ticket-participants')).toHaveText('2');
  // Staff see the booker's full name.
  await expect(card).toContainText('Grace Hopper');
  await expectNoSeriousA11yViolations(page, 'check-in: a valid ticket');
  await screenshot(page, 'qr-05-check-in-valid');
  await card.getByRole('button', { name: 'Check in 2 participants' }).click();
  await expect(card.getByRole('status')).toContainText('2 participants marked Arrived.');
  await expect(card.getByTestId('ticket-state')).toHaveText('Checked in');
  await screenshot(page, 'qr-06-checked-in');

  // ── The second phone still shows the button: tapping it is refused, saying large when and by whom the ticket was used.
  await late.getByRole('button', { name: 'Check in 2 participants' }).click();
  await expect(late.getByTestId('already-checked-in')).toContainText(/Already checked in at \d\d:\d\d by Dana Demo/);
  await expect(late.getByTestId('ticket-state')).toHaveText('Checked in');
  await expect(late.getByRole('button', { name: 'Check in 2 participants' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(second.page, 'check-in: used ticket');
  await screenshot(second.page, 'qr-07-second-phone-refused');
  await second.context.close();

  // ── The booking shows Arrived; its page carries the ticket.
  await page.goto(dashboardUrl(DEMO.subdomain, `/orders/editor/${order.id}/booking/${order.lines[0].booking.id}`));
  await expect(page.getByRole('radio', { name: 'Arrived' })).toBeChecked();
  await expect(page.getByTestId('ticket-code')).toHaveText(grouped);
  await screenshot(page, 'qr-08-booking-ticket');
  await context.close();
});
