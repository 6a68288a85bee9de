import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { apiAs } from './api.ts';
import { createOffer, openOffers, writeJpeg } from './offers.ts';

/**
 * An Active offer that sells, made through the UI (create) and the API (the rest): a description,
 * Adult 40.00 and Child 20.00 on one rate, a daily 10:00 start of `capacity`, an image.
 */
export const createBookableOffer = async (page: Page, dir: string, title: string, capacity = 12) => {
  await openOffers(page);
  const id = await createOffer(page, title, 'Ticket & Passes');
  const api = apiAs(page);
  await api.patch(`/experiences/${id}/`, { description: 'Two hours along the harbour.' });
  const adult = await api.post('/pricing-categories/', { name: 'Adult', type: 'adult' });
  const child = await api.post('/pricing-categories/', { name: 'Child', type: 'child', min_age: 4, max_age: 17 });
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
    time: '10:00',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    date_from: '2026-01-01',
    date_to: null,
    capacity,
  });
  const image = readFileSync(await writeJpeg(dir, 'kayak.jpg', { r: 30, g: 110, b: 190 })).toString('base64');
  const uploaded = await page.evaluate(
    async ({ id, image }) => {
      const bytes = Uint8Array.from(atob(image), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'kayak.jpg');
      return (await fetch(`/api/experiences/${id}/images/`, { method: 'PATCH', body: form })).status;
    },
    { id, image },
  );
  expect(uploaded).toBeLessThan(300);
  await api.patch(`/experiences/${id}/`, { status: 'active' });
  return { id, adult, child, rate, start };
};

/** Places left on an offer's first start of `day`, as the engine says. */
export const placesLeft = (page: Page, id: string, day: string) =>
  page.evaluate(
    async ({ id, day }) =>
      (await (await fetch(`/api/bookings/check-availability/?experience_id=${id}&date_from=${day}`)).json()).results[0]
        .available as number,
    { id, day },
  );

/** A call to the public booking API (`/api/1/…`) from the page, as a webstore would make it; expects 201. */
export const publicCall = async <T>(page: Page, path: string, data: object) => {
  const { status, body } = await page.evaluate(
    async ({ path, data }) => {
      const res = await fetch(`/api/1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(data),
      });
      return { status: res.status, body: await res.text() };
    },
    { path, data },
  );
  expect(status, `${path}: ${body}`).toBe(201);
  return JSON.parse(body) as T;
};

type BookableOffer = Awaited<ReturnType<typeof createBookableOffer>>;

/** A visitor reserves Adults and Children on `day`'s start and books it as Grace Hopper: the order. */
export const bookOnline = async (page: Page, offer: BookableOffer, day: string, party = { adults: 2, children: 1 }) => {
  const hold = await publicCall<{ id: string }>(page, '/reserve/', {
    productId: offer.id,
    availabilityId: `${day}_${offer.start.id}`,
    rateId: offer.rate.id,
    units: [
      { pricingCategoryId: offer.adult.id, quantity: party.adults },
      { pricingCategoryId: offer.child.id, quantity: party.children },
    ],
  });
  return publicCall<{ id: string; reference: string }>(page, '/book/', {
    holdId: hold.id,
    contact: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' },
  });
};

type Slot = { id: string; bookable: boolean; fits: boolean; rate_ids: string[] };
type Rate = { id: string; prices: { pricing_category_id: string; pricing_category_type: string }[] };
export type BookedOrder = {
  id: string;
  reference: string;
  total: number;
  session_id: string;
  lines: { booking: { id: string } }[];
};

/**
 * A visitor books `adults` adults on the offer's first start with room from the day after tomorrow
 * (the booking API: check availability, reserve, book): the order.
 */
export const bookFirstStartWithRoom = async (
  page: Page,
  offerId: string,
  adults: number,
  contact: { first_name: string; last_name: string; email: string },
) => {
  const api = apiAs(page);
  for (let days = 2; days < 30; days += 1) {
    const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { results } = await api.get<{ results: Slot[] }>(
      `/bookings/check-availability/?experience_id=${offerId}&date_from=${day}&group_size=${adults}`,
    );
    const slot = results.find((s) => s.bookable && s.fits);
    if (!slot) continue;
    const rate = await api.get<Rate>(`/pricing-rates/${slot.rate_ids[0]}/`);
    const adult = rate.prices.find((p) => p.pricing_category_type === 'adult') ?? rate.prices[0];
    const hold = await publicCall<{ id: string }>(page, '/reserve/', {
      productId: offerId,
      availabilityId: slot.id,
      rateId: rate.id,
      units: [{ pricingCategoryId: adult.pricing_category_id, quantity: adults }],
    });
    return publicCall<BookedOrder>(page, '/book/', { holdId: hold.id, contact });
  }
  throw new Error(`the offer has no start with ${adults} places in the coming four weeks`);
};
