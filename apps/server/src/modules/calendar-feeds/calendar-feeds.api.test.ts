import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createSellableOffer } from '../../test/availability-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, useAccount } from '../../test/factories.ts';
import { book, orderRequests, reserveParty } from '../../test/order-factories.ts';

// iCal feeds: a secret address per organization and per offer, valid RFC 5545, revocable.
const t = useTestApp();
const a = useAccount(t);
const b = useAccount(t);
const { get, post } = orderRequests(t, a);
const NOW = new Date('2026-11-30T08:00:00Z');
beforeEach(() => {
  t.clock.now = NOW;
});

type Offer = Awaited<ReturnType<typeof createSellableOffer>>;
let kayak: Offer;
let walk: Offer;
beforeAll(async () => {
  t.clock.now = NOW;
  kayak = await createSellableOffer(t, a, {
    lines: [{ time: '10:00' }],
    overrides: { title: 'Kayak, sunset; long ride \\ with a very long title that needs folding in the calendar file' },
  });
  walk = await createSellableOffer(t, a, { lines: [{ time: '14:00' }] });
  for (const [offer, adults] of [
    [kayak, 2],
    [kayak, 3],
    [walk, 1],
  ] as const) {
    const hold = await reserveParty(t, a, offer, '2026-12-01', { adults });
    expect((await book(t, a, hold.id)).statusCode).toBe(201);
  }
});

const feedPath = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string, subdomain = a.subdomain) => t.app.inject({ url: feedPath(url), headers: hostHeaders(subdomain) });
/** Unfolds RFC 5545 lines (CRLF + space continues the line before). */
const unfold = (body: string) => body.replaceAll('\r\n ', '');

describe('calendar feeds', () => {
  it('serve valid iCal of the departures with booked counts, UTC times and stable UIDs', async () => {
    const created = await post('/api/calendar-feeds/', {});
    expect(created.statusCode, created.body).toBe(201);
    const feed = created.json();
    expect(feed).toMatchObject({ experience_id: null, experience_title: null });
    expect(feed.url).toMatch(
      new RegExp(`^http://${a.subdomain}\\.excursio\\.test/api/calendar-feeds/cal_[A-Za-z0-9_-]{43}/feed\\.ics$`),
    );

    const res = await fetchFeed(feed.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const body = res.body;
    // RFC 5545: CRLF line ends, no line longer than 75 octets, one VCALENDAR.
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(body.replaceAll('\r\n', '').includes('\n')).toBe(false);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(body).toContain('VERSION:2.0');
    expect(body).toContain('PRODID:');

    const text = unfold(body);
    const events = text.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(2);
    expect(text).toContain(
      'SUMMARY:Kayak\\, sunset\\; long ride \\\\ with a very long title that needs folding in the calendar file (5 booked)',
    );
    expect(text).toMatch(/DTSTART:20261201T090000Z/); // 10:00 in Berlin
    expect(text).toMatch(/SUMMARY:Sellable [0-9a-f]{8} \(1 booked\)/);
    const uids = [...text.matchAll(/UID:(.*)/g)].map((m) => m[1]);
    expect(uids.every((u) => /^slot-[0-9a-f-]{36}@excursio$/.test(u))).toBe(true);
    // Stable: the same UIDs on the next fetch.
    const again = [...unfold((await fetchFeed(feed.url)).body).matchAll(/UID:(.*)/g)].map((m) => m[1]);
    expect(again).toEqual(uids);
  });

  it('a feed of one offer holds its departures only; a new address revokes the old one', async () => {
    const first = (await post('/api/calendar-feeds/', { experience_id: walk.offer.id })).json();
    expect(first.experience_title).toBe(walk.offer.title);
    const text = unfold((await fetchFeed(first.url)).body);
    expect(text.split('BEGIN:VEVENT')).toHaveLength(2);
    expect(text).toContain('(1 booked)');

    const second = (await post('/api/calendar-feeds/', { experience_id: walk.offer.id })).json();
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    expectError(await fetchFeed(first.url), 404, { code: 'not_found' });
    const listed = (await get('/api/calendar-feeds/')).json() as { id: string }[];
    expect(listed.map((f) => f.id)).toContain(second.id);
    expect(listed.map((f) => f.id)).not.toContain(first.id);
  });

  it('revoked, unknown, on another organization’s address or without permission: no calendar', async () => {
    const feed = (await post('/api/calendar-feeds/', { experience_id: kayak.offer.id })).json();
    expectError(await fetchFeed(feed.url, b.subdomain), 404, { code: 'not_found' });
    expectError(await fetchFeed(feed.url.replace(/cal_[^/]+/, `cal_${'x'.repeat(43)}`)), 404, { code: 'not_found' });
    expectError(await fetchFeed(feed.url.replace(/cal_[^/]+/, 'nonsense')), 404, { code: 'not_found' });
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/calendar-feeds/${feed.id}/`, headers: b.owner.headers }), 404, {
      code: 'not_found',
    });
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/calendar-feeds/${feed.id}/`, headers: a.owner.headers });
    expect(revoked.statusCode).toBe(204);
    expectError(await fetchFeed(feed.url), 404, { code: 'not_found' });
    expectError(await post('/api/calendar-feeds/', { experience_id: crypto.randomUUID() }), 404, { code: 'not_found' });
    const viewer = await createMember(t, a, ['View experiences']);
    expectError(await post('/api/calendar-feeds/', {}, viewer.headers), 403, { code: 'permission_denied' });
  });
});
