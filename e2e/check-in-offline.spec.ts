import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { dashboardUrl, login, screenshot } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';
import { writeJpeg } from './support/offers.ts';
import { bookOnline } from './support/sales.ts';

test.describe.configure({ timeout: 240_000 });

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/**
 * A time zone where it is still early enough today for a start two hours from now (the guides'
 * phones run in it too, so "today" is the booking's day for them and for the server's check).
 */
const zoneWithRoomToday = () => {
  for (const zone of ['UTC', 'Europe/Berlin', 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/New_York', 'Pacific/Pago_Pago']) {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    const hour = Number(part('hour'));
    if (hour <= 20)
      return { zone, today: `${part('year')}-${part('month')}-${part('day')}`, start: `${String(hour + 2).padStart(2, '0')}:00` };
  }
  throw new Error('no zone with room today');
};

type Category = { id: string; type: string };

/** An Active offer of the demo in `zone` with one start today at `time`, priced with the demo's Adult and Child. */
const todaysTour = async (page: Page, zone: string, today: string, time: string) => {
  const api = apiAs(page);
  const { id } = await api.post('/experiences/', { type: 'ticket', title: `Dawn kayak ${Date.now().toString(36)}` });
  await api.patch(`/experiences/${id}/`, { description: 'Two hours along the harbour.', time_zone: zone });
  const { results } = await api.get<{ results: Category[] }>('/pricing-categories/?page_size=50');
  const adult = results.find((c) => c.type === 'adult') as Category;
  const child = results.find((c) => c.type === 'child') as Category;
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
    time,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    date_from: today,
    date_to: today,
    capacity: 12,
  });
  const image = readFileSync(await writeJpeg(mkdtempSync(join(tmpdir(), 'offline-')), 'kayak.jpg', { r: 30, g: 110, b: 190 }));
  const uploaded = await page.evaluate(
    async ({ id, image }) => {
      const bytes = Uint8Array.from(atob(image), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'kayak.jpg');
      return (await fetch(`/api/experiences/${id}/images/`, { method: 'PATCH', body: form })).status;
    },
    { id, image: image.toString('base64') },
  );
  expect(uploaded).toBeLessThan(300);
  await api.patch(`/experiences/${id}/`, { status: 'active' });
  return { id, adult, child, rate, start } as unknown as Parameters<typeof bookOnline>[1];
};

const signedIn = async (browser: Browser, options = {}) => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  return { context, page };
};

const openCheckIn = async (page: Page) => {
  await page.goto(dashboardUrl(DEMO.subdomain, '/bookings/check-in'));
  // The first manifest issues the day's tickets and may make the signing key: give a loaded machine time.
  await expect(page.getByTestId('manifest-state')).toContainText('Today’s list on this phone:', { timeout: 30_000 });
  await expect(page.getByTestId('connection')).toHaveText('Online');
};

const lookUp = async (page: Page, text: string) => {
  await page.getByLabel('Ticket code').fill(text);
  await page.getByRole('button', { name: 'Look up' }).click();
};

test('guides check in offline: two parties queued without a network, synced when it returns; a later check-in on another phone is reported as a conflict', async ({
  browser,
}) => {
  const { zone, today, start } = zoneWithRoomToday();
  const office = await signedIn(browser);
  const api = apiAs(office.page);

  // ── Today's tour, later today in its zone, and two bookings on it.
  const tour = await todaysTour(office.page, zone, today, start);
  const first = (await bookOnline(office.page, tour, today, { adults: 2, children: 1 })) as unknown as {
    lines: { booking: { id: string } }[];
  };
  const second = (await bookOnline(office.page, tour, today, { adults: 1, children: 1 })) as unknown as {
    lines: { booking: { id: string } }[];
  };
  const ticketOf = (o: typeof first) => api.get<{ code: string; content: string }>(`/bookings/${o.lines[0].booking.id}/ticket/`);
  const [t1, t2] = [await ticketOf(first), await ticketOf(second)];
  const grouped = (code: string) => code.match(/.{4}/g)?.join('-') ?? code;

  // ── Two guides' phones open the check-in page while online: today's list and the keys are kept on them.
  const phoneA = await signedIn(browser, { ...PHONE, timezoneId: zone });
  const phoneB = await signedIn(browser, { ...PHONE, timezoneId: zone });
  await openCheckIn(phoneA.page);
  await openCheckIn(phoneB.page);
  await expect(phoneA.page.getByTestId('sync-queue')).toHaveText('All check-ins synced');

  // ── The network goes. Phone A checks both parties in from typed codes.
  await phoneA.context.setOffline(true);
  await phoneB.context.setOffline(true);
  const a = phoneA.page;
  await expect(a.getByTestId('connection')).toHaveText('Offline');
  await lookUp(a, grouped(t1.code).toLowerCase());
  const card = a.getByRole('region', { name: 'Ticket', exact: true });
  await expect(card.getByTestId('ticket-state')).toHaveText('Valid');
  await expect(card.getByTestId('ticket-participants')).toHaveText('3');
  await expect(card).toContainText('Grace Hopper');
  await expect(card).toContainText('2 × Adult');
  await expectNoSeriousA11yViolations(a, 'offline check-in: a valid ticket');
  await screenshot(a, 'offline-01-valid-offline');
  await card.getByRole('button', { name: 'Check in 3 participants' }).click();
  await expect(card.getByRole('status')).toContainText('3 participants marked Arrived at');
  await expect(card.getByRole('status')).toContainText('waiting to sync');
  await expect(a.getByTestId('sync-queue')).toHaveText('1 check-in waiting to sync');
  await screenshot(a, 'offline-02-queued');
  await card.getByRole('button', { name: 'Next ticket' }).click();
  await lookUp(a, grouped(t2.code));
  await card.getByRole('button', { name: 'Check in 2 participants' }).click();
  await expect(a.getByTestId('sync-queue')).toHaveText('2 check-ins waiting to sync');

  // ── Offline too: a forged or altered ticket is refused by its signature; a second scan of one checked in says so.
  const token = t1.content.split('#')[1];
  const altered = `${t1.content.split('#')[0]}#${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;
  await card.getByRole('button', { name: 'Next ticket' }).click();
  await lookUp(a, altered);
  await expect(a.getByRole('alert').filter({ hasText: 'signature does not match' })).toBeVisible();
  await expect(card).toHaveCount(0);
  await screenshot(a, 'offline-03-forged-refused');
  await lookUp(a, t1.content);
  await expect(card.getByTestId('already-checked-in')).toContainText(/Already checked in at \d\d:\d\d on this phone/);

  // ── Phone B, offline as well, checks the first party in again a little later.
  const b = phoneB.page;
  await lookUp(b, grouped(t1.code));
  const cardB = b.getByRole('region', { name: 'Ticket', exact: true });
  await cardB.getByRole('button', { name: 'Check in 3 participants' }).click();
  await expect(b.getByTestId('sync-queue')).toHaveText('1 check-in waiting to sync');

  // ── Phone A gets its network back: both check-ins are synced.
  await phoneA.context.setOffline(false);
  await expect(a.getByTestId('connection')).toHaveText('Online');
  await expect(a.getByTestId('sync-queue')).toHaveText('All check-ins synced', { timeout: 20_000 });
  await expect(a.getByRole('region', { name: 'Sync report' })).toHaveCount(0);
  const manifest = await api.get<{ bookings: { booking_id: string; attendance_status: string; checked_in_at: string | null }[] }>(
    `/check-in/manifest/?date=${today}`,
  );
  for (const order of [first, second]) {
    const booking = manifest.bookings.find((x) => x.booking_id === order.lines[0].booking.id);
    expect(booking?.attendance_status).toBe('arrived');
    expect(booking?.checked_in_at).not.toBeNull();
  }
  await screenshot(a, 'offline-04-synced');

  // ── Phone B's network returns: its later check-in is reported as a conflict, the earlier one (A's) stands.
  await phoneB.context.setOffline(false);
  const report = b.getByRole('region', { name: 'Sync report' });
  await expect(report.getByTestId('sync-report-item')).toContainText(`Conflict · ${grouped(t1.code)}`, { timeout: 20_000 });
  await expect(report).toContainText('Already checked in at');
  await expect(report).toContainText('on another device: the earlier check-in counts.');
  await expect(b.getByTestId('sync-queue')).toHaveText('All check-ins synced');
  await expect(cardB.getByRole('alert')).toContainText('Already checked in at');
  await report.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(b, 'offline check-in: conflict reported');
  await screenshot(b, 'offline-05-conflict-reported');
  await report.getByRole('button', { name: 'Dismiss' }).click();
  await expect(report).toHaveCount(0);

  await phoneA.context.close();
  await phoneB.context.close();
  await office.context.close();
});

/**
 * No network at all, for the page and for its service worker (setOffline does not reach a service
 * worker's own requests; PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS in playwright.config.ts lets
 * the route see them). Answers how many of the worker's requests were cut off.
 */
const cutNetwork = async (context: BrowserContext) => {
  let cut = 0;
  const handler = (route: Route) => {
    if (!route.request().serviceWorker()) return route.continue();
    cut++;
    return route.abort('internetdisconnected');
  };
  await context.setOffline(true);
  await context.route('**/*', handler);
  return {
    cut: () => cut,
    restore: async () => {
      await context.unroute('**/*', handler);
      await context.setOffline(false);
    },
  };
};

test('a phone with no network reloads the check-in page: it opens from the phone, checks a party in, and syncs when the network returns', async ({
  browser,
}) => {
  const { zone, today, start } = zoneWithRoomToday();
  const office = await signedIn(browser);
  const api = apiAs(office.page);
  const tour = await todaysTour(office.page, zone, today, start);
  const order = (await bookOnline(office.page, tour, today, { adults: 1, children: 1 })) as unknown as {
    lines: { booking: { id: string } }[];
  };
  const ticket = await api.get<{ code: string }>(`/bookings/${order.lines[0].booking.id}/ticket/`);

  // ── The guide opens the check-in page once with a network: the page and its files are kept on the phone.
  const phone = await signedIn(browser, { ...PHONE, timezoneId: zone });
  const page = phone.page;
  await openCheckIn(page);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept = await (await caches.open('excursio-check-in-v1')).keys();
          return kept.map((r) => new URL(r.url).pathname);
        }),
      { timeout: 20_000 },
    )
    .toEqual(expect.arrayContaining(['/bookings/check-in', expect.stringMatching(/^\/assets\/.+\.js$/)]));

  // ── No network, and the page is reloaded (as a phone does with a discarded tab).
  const network = await cutNetwork(phone.context);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  expect(network.cut()).toBeGreaterThan(0); // the worker did try the network first, and had none
  await expect(page.getByLabel('Ticket code')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('connection')).toHaveText('Offline');
  await expect(page.getByTestId('manifest-state')).toContainText('Today’s list on this phone:');
  await lookUp(page, ticket.code);
  const card = page.getByRole('region', { name: 'Ticket', exact: true });
  await expect(card.getByTestId('ticket-state')).toHaveText('Valid');
  await card.getByRole('button', { name: 'Check in 2 participants' }).click();
  await expect(page.getByTestId('sync-queue')).toHaveText('1 check-in waiting to sync');
  await screenshot(page, 'offline-06-reloaded-offline');

  // ── The network returns: the check-in made on the reloaded page reaches the server.
  await network.restore();
  await expect(page.getByTestId('connection')).toHaveText('Online');
  await expect(page.getByTestId('sync-queue')).toHaveText('All check-ins synced', { timeout: 20_000 });
  const manifest = await api.get<{ bookings: { booking_id: string; attendance_status: string }[] }>(
    `/check-in/manifest/?date=${today}`,
  );
  expect(manifest.bookings.find((x) => x.booking_id === order.lines[0].booking.id)?.attendance_status).toBe('arrived');

  await phone.context.close();
  await office.context.close();
});
