import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agendaItems,
  bookingQuestions,
  experiences,
  pricingRatePrices,
  pricingRates,
  startTimes,
} from '../../db/schema/catalog.ts';
import { experienceInventoryItems } from '../../db/schema/inventory.ts';
import { experienceImages, videos } from '../../db/schema/media.ts';
import { useTestApp } from '../../test/app.ts';
import { createExperience } from '../../test/catalog-factories.ts';
import { expectError } from '../../test/errors.ts';
import { createMember, useAccount } from '../../test/factories.ts';
import { addOtherParts, addRate, addStartTime, attachImage } from './experience-parts.test-helpers.ts';

const t = useTestApp();
const a = useAccount(t);

/** Every part of an offer, as stored, without the ids and timestamps a copy gets anew. */
const partsOf = async (experienceId: string) => {
  const rates = await t.db
    .select()
    .from(pricingRates)
    .where(eq(pricingRates.experienceId, experienceId))
    .orderBy(asc(pricingRates.name));
  const prices = [];
  for (const rate of rates) {
    const rows = await t.db
      .select()
      .from(pricingRatePrices)
      .where(eq(pricingRatePrices.rateId, rate.id))
      .orderBy(asc(pricingRatePrices.priceMinor));
    prices.push(rows.map(({ rateId: _r, ...rest }) => ({ rate: rate.name, ...rest })));
  }
  const strip = <R extends { id?: string; experienceId: string | null; createdAt?: Date; updatedAt?: Date }>(rows: R[]) =>
    rows.map(({ id: _i, experienceId: _e, createdAt: _c, updatedAt: _u, ...rest }) => rest);
  return {
    rates: strip(rates),
    prices,
    startTimes: strip(
      await t.db.select().from(startTimes).where(eq(startTimes.experienceId, experienceId)).orderBy(asc(startTimes.time)),
    ),
    questions: strip(await t.db.select().from(bookingQuestions).where(eq(bookingQuestions.experienceId, experienceId))),
    agenda: strip(await t.db.select().from(agendaItems).where(eq(agendaItems.experienceId, experienceId))),
    images: strip(
      await t.db
        .select()
        .from(experienceImages)
        .where(eq(experienceImages.experienceId, experienceId))
        .orderBy(asc(experienceImages.position)),
    ),
    videos: strip(await t.db.select().from(videos).where(eq(videos.experienceId, experienceId))),
    inventory: strip(
      await t.db.select().from(experienceInventoryItems).where(eq(experienceInventoryItems.experienceId, experienceId)),
    ),
  };
};

const duplicate = (id: string, headers = a.owner.headers) =>
  t.app.inject({ method: 'POST', url: `/api/experiences/${id}/duplicate/`, headers });

describe('duplicate', () => {
  it('makes a Draft copy titled "(copy)" with every part copied', async () => {
    const source = await createExperience(t, a, {
      status: 'active',
      title: 'Sunset cruise',
      description: 'On the river.',
      city: 'Porto',
      languages: ['en', 'pt'],
      highlights: ['Wine'],
      maxGroupSize: 20,
    });
    await attachImage(t, a.account.id, source.id, 0);
    await attachImage(t, a.account.id, source.id, 1);
    await addRate(t, a.account.id, source.id, [3500, 1800]);
    await addRate(t, a.account.id, source.id);
    await addStartTime(t, a.account.id, source.id, { time: '18:00' });
    await addStartTime(t, a.account.id, source.id, { time: '20:00', weekdays: [6, 7], dateTo: '2026-12-31', capacity: 8 });
    await addOtherParts(t, a.account.id, source.id);
    const before = await partsOf(source.id);

    const res = await duplicate(source.id);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      status: 'draft',
      title: 'Sunset cruise (copy)',
      description: 'On the river.',
      city: 'Porto',
      languages: ['en', 'pt'],
      highlights: ['Wine'],
      max_group_size: 20,
      time_zone: source.timeZone,
      rates_count: 2,
      start_times_count: 2,
      from_price: 1800,
    });
    expect(copy.images).toHaveLength(2);

    const copied = await partsOf(copy.id);
    expect(copied).toEqual(before);
    expect(copied.rates).toHaveLength(2);
    expect(copied.prices.flat()).toHaveLength(2);
    for (const part of ['startTimes', 'questions', 'agenda', 'videos', 'inventory'] as const) {
      expect(copied[part].length, part).toBeGreaterThan(0);
    }
    // New rows, not moved ones: the source keeps its parts.
    expect(await partsOf(source.id)).toEqual(before);
    const sourceRates = await t.db
      .select({ id: pricingRates.id })
      .from(pricingRates)
      .where(eq(pricingRates.experienceId, source.id));
    const copyRates = await t.db.select({ id: pricingRates.id }).from(pricingRates).where(eq(pricingRates.experienceId, copy.id));
    expect(copyRates.some((r) => sourceRates.some((s) => s.id === r.id))).toBe(false);
  });

  it('copies a bare offer and keeps long titles within bounds', async () => {
    const source = await createExperience(t, a, { title: 'x'.repeat(200) });
    const copy = (await duplicate(source.id)).json();
    expect(copy.title).toHaveLength(200);
    expect(copy.title.endsWith(' (copy)')).toBe(true);
    expect(copy).toMatchObject({ rates_count: 0, start_times_count: 0, images: [] });
  });

  it('needs Manage experiences and an own offer', async () => {
    const source = await createExperience(t, a);
    const viewer = await createMember(t, a, ['View experiences']);
    expectError(await duplicate(source.id, viewer.headers), 403, { code: 'permission_denied' });
    expectError(await duplicate('0196f2a4-0000-7000-8000-000000000001'), 404, { code: 'not_found' });
    const copies = await t.db
      .select()
      .from(experiences)
      .where(and(eq(experiences.accountId, a.account.id), eq(experiences.title, `${source.title} (copy)`)));
    expect(copies).toHaveLength(0);
  });
});
