import sharp from 'sharp';
import type { Config } from '../../config.ts';
import { createStorage } from '../../integrations/storage.ts';
import { createAgendaItem } from '../../modules/booking-info/agenda-items.service.ts';
import { createBookingQuestion } from '../../modules/booking-info/booking-questions.service.ts';
import { createCancellationPolicy } from '../../modules/booking-info/cancellation-policies.service.ts';
import { createMeetingPoint } from '../../modules/booking-info/meeting-points.service.ts';
import { changeExperience, createExperience } from '../../modules/experiences/experiences.service.ts';
import { replaceSchedule } from '../../modules/experiences/start-times.service.ts';
import { uploadToGallery } from '../../modules/media/gallery.service.ts';
import { encodeVariants } from '../../modules/media/image-processing.ts';
import { createPricingCategory } from '../../modules/pricing/pricing-categories.service.ts';
import { createPricingRate } from '../../modules/pricing/pricing-rates.service.ts';
import type { Db } from '../client.ts';

/** A generated cover picture (sky gradient, sun, hills): no binary assets in the repository. */
const picture = async (sky: [string, string], hills: string, name: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#s)"/><circle cx="1180" cy="330" r="120" fill="#fff5c0" opacity="0.9"/>
    <path d="M0 720 Q 400 560 800 700 T 1600 660 V1000 H0 Z" fill="${hills}"/>
    <path d="M0 820 Q 500 700 1000 820 T 1600 800 V1000 H0 Z" fill="${hills}" opacity="0.7"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return {
    originalName: `${name}.jpg`,
    width: 1600,
    height: 1000,
    sizeBytes: jpeg.length,
    variants: await encodeVariants(jpeg, 1e8),
  };
};

/**
 * A small catalog for the demo organization, created through the same services as the API: an
 * Active walking tour (images, rates, schedule, booking info), a Draft rental, an Inactive transfer.
 */
export const seedDemoCatalog = async (db: Db, config: Pick<Config, 'DATA_DIR' | 'STORAGE_DRIVER'>, accountId: string) => {
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
    time_zone: 'Europe/Lisbon',
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
  await createPricingRate(db, accountId, {
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
  const today = new Date().toISOString().slice(0, 10);
  await replaceSchedule(db, accountId, tour.id, {
    start_times: [
      { time: '10:00', weekdays: [1, 2, 3, 4, 5, 6, 7], date_from: today, date_to: null, capacity: 15 },
      { time: '16:00', weekdays: [5, 6, 7], date_from: today, date_to: null, capacity: 15 },
    ],
  });
  const storage = createStorage(config);
  await uploadToGallery(db, storage, accountId, tour.id, {
    files: [
      await picture(['#f6a66b', '#8fb8de'], '#3f6e5a', 'old-town'),
      await picture(['#5b7bb5', '#f4c27a'], '#7a4e3a', 'river'),
    ],
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
};
