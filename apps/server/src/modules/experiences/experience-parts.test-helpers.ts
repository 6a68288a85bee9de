import { randomUUID } from 'node:crypto';
import { agendaItems, bookingQuestions, cancellationPolicies, meetingPoints, startTimes } from '../../db/schema/catalog.ts';
import { experienceInventoryItems, inventoryItems } from '../../db/schema/inventory.ts';
import { experienceImages, filerImages, videos } from '../../db/schema/media.ts';
import type { TestApp } from '../../test/app.ts';
import { createPricingCategory, createRate } from '../../test/pricing-factories.ts';

// Rows of other modules' tables, inserted directly: the experiences tests need an offer's parts
// without depending on the endpoints that other modules own.

const short = () => randomUUID().slice(0, 8);

/** A stored image (variants thumb + large) attached to the offer at `position`. */
export const attachImage = async (t: TestApp, accountId: string, experienceId: string, position: number) => {
  const key = short();
  const [image] = await t.db
    .insert(filerImages)
    .values({
      accountId,
      originalName: `${key}.jpg`,
      width: 1600,
      height: 1200,
      sizeBytes: 123_456,
      variants: {
        thumb: { key: `images/${key}/thumb.webp`, width: 320, height: 240 },
        large: { key: `images/${key}/large.webp`, width: 1600, height: 1200 },
      },
    })
    .returning();
  await t.db.insert(experienceImages).values({ accountId, experienceId, imageId: image.id, position });
  return image;
};

/** A rate of the offer with a price per given amount (one Adult pricing category each, net 1.00 below). */
export const addRate = async (t: TestApp, accountId: string, experienceId: string, pricesMinor: number[] = []) => {
  const account = { account: { id: accountId } };
  const prices = [];
  for (const price of pricesMinor) {
    const category = await createPricingCategory(t, account, { name: `Adult ${short()}` });
    prices.push({ category, price, net: price - 100 });
  }
  return createRate(t, account, { id: experienceId }, prices);
};

export const addStartTime = async (
  t: TestApp,
  accountId: string,
  experienceId: string,
  values: Partial<typeof startTimes.$inferInsert> = {},
) =>
  (
    await t.db
      .insert(startTimes)
      .values({
        accountId,
        experienceId,
        time: '09:00',
        weekdays: [1, 2, 3, 4, 5],
        dateFrom: '2026-01-01',
        capacity: 12,
        ...values,
      })
      .returning()
  )[0];

/** One of every other part an offer can have (questions, agenda, video, inventory). */
export const addOtherParts = async (t: TestApp, accountId: string, experienceId: string) => {
  const [question] = await t.db
    .insert(bookingQuestions)
    .values({ accountId, experienceId, question: 'Dietary needs?', scope: 'participant', required: true, position: 2 })
    .returning();
  const [agenda] = await t.db
    .insert(agendaItems)
    .values({ accountId, experienceId, title: 'Old town', durationMinutes: 45, position: 1 })
    .returning();
  const [video] = await t.db
    .insert(videos)
    .values({
      accountId,
      experienceId,
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      provider: 'youtube',
      providerVideoId: 'dQw4w9WgXcQ',
      title: 'Teaser',
      position: 0,
    })
    .returning();
  const [item] = await t.db
    .insert(inventoryItems)
    .values({ accountId, name: `Helmet ${short()}`, type: 'equipment', stockQuantity: 20 })
    .returning();
  await t.db
    .insert(experienceInventoryItems)
    .values({ accountId, experienceId, itemId: item.id, usage: 'equipment', quantity: 1 });
  return { question, agenda, video, item };
};

export const addMeetingPoint = async (t: TestApp, accountId: string) =>
  (
    await t.db
      .insert(meetingPoints)
      .values({ accountId, name: `Main square ${short()}` })
      .returning()
  )[0];

export const addCancellationPolicy = async (t: TestApp, accountId: string) =>
  (
    await t.db
      .insert(cancellationPolicies)
      .values({ accountId, name: `Flexible ${short()}`, tiers: [{ hours_before: 24, refund_percent: 100 }] })
      .returning()
  )[0];

/** Every writable field, as PUT needs them. */
export const fullBody = {
  type: 'transfer',
  title: 'Airport shuttle',
  category: 'transfers',
  subcategory: 'airport-transfers',
  address: 'Terminal 1',
  city: 'Vienna',
  country_code: 'AT',
  latitude: 48.11,
  longitude: 16.57,
  duration_minutes: 40,
  languages: ['de', 'en'],
  min_group_size: 1,
  max_group_size: 8,
  time_zone: 'Europe/Vienna',
  currency: 'EUR',
  is_open_dated: false,
  daily_capacity: null,
  group_takes_one_place: false,
  short_description: 'To the city centre.',
  description: 'A shared shuttle from the airport to your hotel.',
  highlights: ['Door to door'],
  included: ['Luggage'],
  not_included: [],
  what_to_bring: [],
  important_information: '',
  booking_cutoff_minutes: 120,
  confirmation_mode: 'instant',
  visibility: 'public',
  meeting_point_id: null,
  cancellation_policy_id: null,
};
