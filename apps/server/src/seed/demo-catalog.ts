import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createStorage, type StorageConfig } from '../integrations/storage.ts';
import { overrideSlot } from '../modules/availability/capacity.service.ts';
import { formatIsoDate, isoWeekday } from '../modules/availability/local-date.ts';
import { zoneTimeline } from '../modules/availability/zone-timeline.ts';
import { createAgendaItem } from '../modules/booking-info/agenda-items.service.ts';
import { createBookingQuestion } from '../modules/booking-info/booking-questions.service.ts';
import { createCancellationPolicy } from '../modules/booking-info/cancellation-policies.service.ts';
import { createMeetingPoint } from '../modules/booking-info/meeting-points.service.ts';
import { changeExperience, createExperience } from '../modules/experiences/experiences.service.ts';
import { replaceSchedule } from '../modules/experiences/start-times.service.ts';
import { uploadToGallery } from '../modules/media/gallery.service.ts';
import { createPricingCategory } from '../modules/pricing/pricing-categories.service.ts';
import { createPricingRate } from '../modules/pricing/pricing-rates.service.ts';
import { DEMO_PICTURES, demoPicture } from './demo-pictures.ts';
import { seedDemoShowcase } from './demo-showcase.ts';

const TOUR_ZONE = 'Europe/Lisbon';

/** How far back the demo's history (schedule, past orders) reaches. */
export const DEMO_HISTORY_DAYS = 28;

/** The local date (epoch day) in a zone at an instant. */
export const demoToday = (timeZone: string, now: Date) => zoneTimeline(timeZone).localDayAt(now.getTime());

/**
 * What an operator does on the capacity screen, so the demo calendar shows it: a smaller group with
 * a note in two days, and next Saturday's afternoon start closed for a private group.
 */
const seedDemoOverrides = async (
  db: Db,
  accountId: string,
  experienceId: string,
  lines: { id: string; time: string }[],
  today: number,
  now: Date,
) => {
  const morning = lines.find((l) => l.time === '10:00');
  const afternoon = lines.find((l) => l.time === '16:00');
  if (!morning || !afternoon) return;
  const base = { experience_id: experienceId, force: false };
  await overrideSlot(
    db,
    accountId,
    {
      ...base,
      start_time_id: morning.id,
      date: formatIsoDate(today + 2),
      capacity: 10,
      note: 'Guide: Ana, German-speaking group',
    },
    now,
  );
  const saturday = today + ((6 - isoWeekday(today) + 7) % 7 || 7);
  await overrideSlot(
    db,
    accountId,
    { ...base, start_time_id: afternoon.id, date: formatIsoDate(saturday), closed: true, note: 'Private group booked by phone' },
    now,
  );
};

/**
 * A small catalog for the demo organization, created through the same services as the API: an
 * Active walking tour (images, rates, schedule, booking info), a Draft rental, an Inactive transfer,
 * and two more Active offers for the webstore (`demo-showcase.ts`).
 */
export const seedDemoCatalog = async (db: Db, config: StorageConfig & Pick<Config, 'CACHE_DIR'>, accountId: string) => {
  const category = (name: string, type: 'adult' | 'child', min: number | null, max: number | null) =>
    createPricingCategory(db, accountId, { name, type, min_age: min, max_age: max, description: '' });
  const adult = await category('Adult', 'adult', 18, null);
  const child = await category('Child', 'child', 4, 17);
  const meetingPoint = await createMeetingPoint(db, accountId, {
    name: 'Praça do Comércio, statue',
    address: 'Praça do Comércio, 1100-148 Lisbon',
    latitude: 38.7075,
    longitude: -9.1364,
    instructions: 'Look for the guide with the yellow umbrella at the foot of the statue.',
  });
  const policy = await createCancellationPolicy(db, accountId, {
    name: 'Flexible',
    description: 'Plans change: cancel free of charge up to a day before.',
    tiers: [
      { hours_before: 24, refund_percent: 100 },
      { hours_before: 6, refund_percent: 50 },
    ],
  });

  const tour = await createExperience(db, accountId, {
    type: 'ticket',
    title: 'Lisbon Old Town Walking Tour',
    category: 'tours',
    subcategory: 'walking-tours',
    address: 'Praça do Comércio',
    city: 'Lisbon',
    country_code: 'PT',
    latitude: 38.7075,
    longitude: -9.1364,
    duration_minutes: 180,
    languages: ['en', 'pt', 'de'],
    min_group_size: 1,
    max_group_size: 15,
    time_zone: TOUR_ZONE,
    currency: 'EUR',
    short_description: 'Alfama, Baixa and the castle hill with a local guide, in small groups.',
    description:
      'Walk the oldest quarters of Lisbon with a guide who grew up there: the lanes of Alfama, the viewpoints above the river, the rebuilt Baixa and the stories of the 1755 earthquake.',
    highlights: ['Miradouro de Santa Luzia at golden hour', 'A pastel de nata stop', 'Small groups of at most 15'],
    included: ['Local guide', 'Pastry tasting'],
    not_included: ['Hotel pick-up'],
    what_to_bring: ['Comfortable shoes', 'Water'],
    meeting_point_id: meetingPoint.id,
    cancellation_policy_id: policy.id,
  });
  const rate = await createPricingRate(db, accountId, {
    experience_id: tour.id,
    name: 'Standard',
    valid_from: null,
    valid_to: null,
    pricing_mode: 'per_person',
    min_participants: 1,
    max_participants: null,
    prices: [
      { pricing_category_id: adult.id, price: 3500, net_price: 2800 },
      { pricing_category_id: child.id, price: 1500, net_price: 1200 },
    ],
  });
  // The schedule started four weeks before the demo was created (in the offer's zone; the demo's
  // past orders ran on it) and never ends, so the calendar and the booking screens have starts in
  // every coming month, whenever the server runs.
  const now = new Date();
  const today = demoToday(TOUR_ZONE, now);
  const since = formatIsoDate(today - DEMO_HISTORY_DAYS);
  const { results: lines } = await replaceSchedule(db, accountId, tour.id, {
    start_times: [
      { time: '10:00', weekdays: [1, 2, 3, 4, 5, 6, 7], date_from: since, date_to: null, capacity: 15 },
      { time: '16:00', weekdays: [5, 6, 7], date_from: since, date_to: null, capacity: 15 },
    ],
  });
  const storage = createStorage(config);
  await uploadToGallery(db, storage, accountId, tour.id, {
    files: [...(await Promise.all(DEMO_PICTURES.map((spec) => demoPicture(config.CACHE_DIR, spec))))],
    folderId: null,
    altText: 'Lisbon',
  });
  await createAgendaItem(db, accountId, { experience_id: tour.id, title: 'Baixa and Praça do Comércio', duration_minutes: 45 });
  await createAgendaItem(db, accountId, { experience_id: tour.id, title: 'Alfama lanes and viewpoints', duration_minutes: 90 });
  await createBookingQuestion(db, accountId, {
    experience_id: tour.id,
    question: 'Which language would you like the tour in?',
    answer_type: 'select',
    options: ['English', 'Português', 'Deutsch'],
    required: true,
  });
  await changeExperience(db, accountId, tour.id, { status: 'active' });
  await seedDemoOverrides(db, accountId, tour.id, lines, today, now);

  await createExperience(db, accountId, {
    type: 'rental',
    title: 'Sunset Kayak Rental',
    category: 'rentals',
    subcategory: 'boats',
    city: 'Lisbon',
    country_code: 'PT',
    time_zone: 'Europe/Lisbon',
    short_description: 'Single and double kayaks on the Tagus, two hours before sunset.',
  });
  const transfer = await createExperience(db, accountId, {
    type: 'transfer',
    title: 'Airport Transfer to the City Centre',
    category: 'transfers',
    subcategory: 'airport-transfers',
    city: 'Lisbon',
    country_code: 'PT',
    time_zone: 'Europe/Lisbon',
  });
  await changeExperience(db, accountId, transfer.id, { status: 'inactive' });
  await seedDemoShowcase(db, config, accountId, { adultId: adult.id, childId: child.id, policyId: policy.id, today });
  return { tour, rate, adult, child, lines, today };
};
