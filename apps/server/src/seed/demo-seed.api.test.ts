import { describe, expect, it } from 'vitest';
import { formatIsoDate, isoWeekday } from '../modules/availability/local-date.ts';
import { useTestApp } from '../test/app.ts';
import { authHeaders, userByEmail } from '../test/factories.ts';
import { DEMO_HISTORY_DAYS, demoToday } from './demo-catalog.ts';
import { DEMO_AFFILIATE_SUBDOMAIN } from './demo-partner.ts';
import { DEMO_STORE_SLUG } from './demo-store.ts';
import { DEMO_SUBDOMAIN, seedDemo } from './seed.ts';

const t = useTestApp();

describe('demo organization', () => {
  it('comes with a sellable Active offer, a Draft and an Inactive one, built through the services', async () => {
    const storage = {
      DATA_DIR: t.config.DATA_DIR,
      STORAGE_DRIVER: 'local' as const,
      CACHE_DIR: t.config.CACHE_DIR,
      DEMO_AFFILIATE_EMAIL: 'owner@cityguide.localhost',
    };
    const email = 'owner@demo.localhost';
    const first = await seedDemo(t.db, { email, password: 'excursio-demo-2026' }, storage);
    expect(first.created).toBe(true);
    expect((await seedDemo(t.db, { email, password: 'x' }, storage)).created).toBe(false);

    const owner = await userByEmail(t, email);
    const headers = await authHeaders(t, { id: owner.id, accountId: owner.accountId }, DEMO_SUBDOMAIN);
    const list = (await t.app.inject({ url: '/api/experiences/?ordering=title', headers })).json();
    expect(list.results.map((r: { title: string; status: string }) => [r.title, r.status])).toEqual([
      ['Airport Transfer to the City Centre', 'inactive'],
      ['Lisbon Old Town Walking Tour', 'active'],
      ['Sintra Palaces Day Trip', 'active'],
      ['Sunset Kayak Rental', 'draft'],
      ['Tagus Sunset Sail', 'active'],
    ]);
    // The seeded history is in the bell, read, and nobody is mailed of it (the seed writes no mail).
    const notices = (await t.app.inject({ url: '/api/notifications/', headers })).json();
    expect(notices.count).toBeGreaterThan(10);
    expect((await t.app.inject({ url: '/api/notifications/unread-count/', headers })).json()).toEqual({ unread: 0 });
    await t.app.jobs.runNow('notifications-sweep');
    await t.app.jobs.idle();
    // On a shared database the sweep also mails other files' organizations: read only the demo's.
    const demoMail = (t.mailer.outbox ?? []).filter(
      (m) => /@(demo|cityguide)\.localhost$/.test(m.to) || /Demo Adventures|Lisbon City Guide/.test(m.subject),
    );
    expect(demoMail).toEqual([]);
    const tour = list.results[1];
    // The adult price (€35), not the child's €15.
    expect([tour.from_price, tour.from_price_category]).toEqual([3500, 'Adult']);
    const detail = (await t.app.inject({ url: `/api/experiences/${tour.id}/`, headers })).json();
    expect(detail.publish_problems).toEqual([]);
    expect(detail.images).toHaveLength(2);
    const thumb = await t.app.inject({ url: detail.images[0].urls.thumb, headers: { host: `${DEMO_SUBDOMAIN}.excursio.test` } });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);

    // Bookable from the day the demo is made, not from a fixed date: the next starts are today or
    // tomorrow (in Lisbon), and the calendar of every coming month has starts.
    const today = demoToday('Europe/Lisbon', new Date());
    const upcoming = (await t.app.inject({ url: `/api/bookings/upcoming/?experience_id=${tour.id}&limit=10`, headers })).json();
    expect(upcoming.sellable).toBe(true);
    expect(upcoming.results.length).toBe(10);
    expect([formatIsoDate(today), formatIsoDate(today + 1)]).toContain(upcoming.results[0].date);
    const schedule = (await t.app.inject({ url: `/api/experiences/${tour.id}/start-times/`, headers })).json();
    expect(schedule.results.map((l: { date_from: string; date_to: null }) => [l.date_from, l.date_to])).toEqual([
      [formatIsoDate(today - DEMO_HISTORY_DAYS), null],
      [formatIsoDate(today - DEMO_HISTORY_DAYS), null],
    ]);
    expect(upcoming.results[0]).toMatchObject({ bookable: true, capacity: 15, time_zone: 'Europe/Lisbon' });
    for (const ahead of [0, 1, 2, 6]) {
      const [year, month] = formatIsoDate(today + ahead * 31)
        .split('-')
        .map(Number);
      const calendar = (await t.app.inject({ url: `/api/capacity/calendar/?month=${month}&year=${year}`, headers })).json();
      expect(calendar.days.length, `${year}-${month}`).toBeGreaterThanOrEqual(ahead === 0 ? 1 : 28);
      expect(calendar.days.every((d: { slots: number; capacity: number }) => d.slots >= 1 && d.capacity >= 10)).toBe(true);
    }

    // The operator's changes the demo shows: a smaller group with a note in two days, next Saturday afternoon closed.
    const slotsOn = async (day: number) =>
      (await t.app.inject({ url: `/api/capacity/by-date/?date=${formatIsoDate(day)}&experience_id=${tour.id}`, headers })).json()
        .results;
    const [smaller] = await slotsOn(today + 2);
    expect(smaller).toMatchObject({
      time: '10:00',
      capacity: 10,
      capacity_override: 10,
      note: 'Guide: Ana, German-speaking group',
    });
    const saturday = today + ((6 - isoWeekday(today) + 7) % 7 || 7);
    const afternoon = (await slotsOn(saturday)).find((s: { time: string }) => s.time === '16:00');
    expect(afternoon).toMatchObject({ closed: true, bookable: false, note: 'Private group booked by phone' });

    // A living business: customers, orders in every payment state, one canceled, and the places they take.
    const customers = (await t.app.inject({ url: '/api/customers/?page_size=100', headers })).json();
    // 12 of its own, 3 who booked through the affiliate.
    expect(customers.count).toBe(15);
    const orders = (await t.app.inject({ url: '/api/orders/?page_size=100', headers })).json();
    // 16 of its own and 3 its affiliate resold.
    expect(orders.count).toBe(19);
    // Some were made weeks ago: the date ranges have something to tell apart.
    const lastWeek = (await t.app.inject({ url: '/api/orders/?date_range=last_7_days&page_size=100', headers })).json();
    expect(lastWeek.count).toBeGreaterThan(0);
    expect(lastWeek.count).toBeLessThan(19);
    const states = new Set(orders.results.map((o: { payment_status: string }) => o.payment_status));
    for (const state of ['not_paid', 'partially_paid', 'fully_paid']) expect(states).toContain(state);
    expect(orders.results.filter((o: { status: string }) => o.status === 'canceled')).toHaveLength(1);
    expect(orders.results.every((o: { customer_id: string | null }) => o.customer_id !== null)).toBe(true);
    // Most were taken at the desk by the owner (the seller filter offers her), the rest came in online.
    const options = (await t.app.inject({ url: '/api/orders/filter-options/', headers })).json();
    expect(options.channel).toEqual(['api', 'backoffice', 'webstore']);
    expect(options.seller).toEqual([
      { value: expect.any(String), label: 'Dana Demo' },
      { value: expect.any(String), label: 'Lisbon City Guide (reseller)' },
    ]);
    const desk = (await t.app.inject({ url: `/api/orders/?seller=${options.seller[0].value}`, headers })).json();
    expect(desk.count).toBeGreaterThan(8);
    const [tomorrow] = await slotsOn(today + 1);
    expect(tomorrow).toMatchObject({ time: '10:00', booked: 4 });
    const manifest = (await t.app.inject({ url: `/api/bookings/by-date/?date=${formatIsoDate(today + 1)}`, headers })).json();
    expect(manifest.count).toBe(2);
    // The past has its check-ins.
    const past = (await t.app.inject({ url: `/api/bookings/by-date/?date=${formatIsoDate(today - 24)}`, headers })).json();
    expect(past.results).toEqual([expect.objectContaining({ attendance_status: 'arrived', phase: 'completed' })]);

    // Its webstore is open and sells the Active offer to anyone on the demo's subdomain.
    const visitor = { host: `${DEMO_SUBDOMAIN}.excursio.test` };
    const stores = (await t.app.inject({ url: '/api/webstores/', headers: visitor })).json().results;
    // Seeded connected in test mode: visitors pay by card (test mode) at once.
    expect(stores).toEqual([
      expect.objectContaining({
        slug: DEMO_STORE_SLUG,
        is_default: true,
        languages: ['en', 'de'],
        payment_available: true,
        payment_test_mode: true,
      }),
    ]);
    const cards = (await t.app.inject({ url: '/api/webstores/experiences/', headers: visitor })).json();
    expect(cards.results.map((c: { title: string }) => c.title)).toEqual([
      'Lisbon Old Town Walking Tour',
      'Sintra Palaces Day Trip',
      'Tagus Sunset Sail',
    ]);
    expect(stores[0].categories.map((c: { label: string }) => c.label)).toEqual(['Activities', 'Tours']);
    expect(cards.results[0].image.urls.thumb).toMatch(/^\/media\//);

    // The affiliate: its own sign-in, an active partnership, the walking tour in its store, resales made.
    const affiliate = await userByEmail(t, 'owner@cityguide.localhost');
    const affiliateHeaders = await authHeaders(t, { id: affiliate.id, accountId: affiliate.accountId }, DEMO_AFFILIATE_SUBDOMAIN);
    const suppliers = (await t.app.inject({ url: '/api/partners/?type=suppliers', headers: affiliateHeaders })).json();
    expect(suppliers.results).toEqual([
      expect.objectContaining({
        status: 'active',
        partner: expect.objectContaining({ name: 'Demo Adventures' }),
        terms: expect.objectContaining({ commission_percent: 15, allocation: 6 }),
        shared_offers_count: 1,
      }),
    ]);
    const resold = (await t.app.inject({ url: '/api/resales/', headers: affiliateHeaders })).json();
    expect(resold.count).toBe(3);
    expect(resold.results.every((r: { side: string; commission: number }) => r.side === 'reseller' && r.commission > 0)).toBe(
      true,
    );
    const affiliateCards = (
      await t.app.inject({ url: '/api/webstores/experiences/', headers: { host: `${DEMO_AFFILIATE_SUBDOMAIN}.excursio.test` } })
    ).json();
    expect(affiliateCards.results.map((c: { title: string }) => c.title)).toEqual(['Lisbon Old Town Walking Tour']);
    const affiliateStores = (
      await t.app.inject({ url: '/api/webstores/', headers: { host: `${DEMO_AFFILIATE_SUBDOMAIN}.excursio.test` } })
    ).json();
    expect(affiliateStores.results[0]).toMatchObject({ payment_available: true, payment_test_mode: true });
  });
});
