import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createStorage, type StorageConfig } from '../integrations/storage.ts';
import { formatIsoDate } from '../modules/availability/local-date.ts';
import { changeExperience, createExperience } from '../modules/experiences/experiences.service.ts';
import { replaceSchedule } from '../modules/experiences/start-times.service.ts';
import { uploadToGallery } from '../modules/media/gallery.service.ts';
import { createPricingRate } from '../modules/pricing/pricing-rates.service.ts';
import { demoPicture } from './demo-pictures.ts';

type Shared = { adultId: string; childId: string; policyId: string; today: number };

/**
 * Two more Active offers for the demo's webstore, so a visitor has something to choose and filter
 * between: a day trip (Tours) and a sailing trip (Activities), each with a picture, a rate and a
 * daily start. Made through the same services as the API.
 */
export const seedDemoShowcase = async (
  db: Db,
  config: StorageConfig & Pick<Config, 'CACHE_DIR'>,
  accountId: string,
  shared: Shared,
) => {
  const storage = createStorage(config);
  const offers = [
    {
      fields: {
        type: 'ticket' as const,
        title: 'Sintra Palaces Day Trip',
        category: 'tours',
        subcategory: 'day-trips',
        address: 'Praça dos Restauradores',
        city: 'Lisbon',
        latitude: 38.7158,
        longitude: -9.1415,
        duration_minutes: 480,
        max_group_size: 16,
        short_description: 'Pena Palace, the Moorish Castle and the coast at Cabo da Roca in one day.',
        description:
          'A minibus day out of the city: the painted towers of Pena Palace, the walls of the Moorish Castle above the forest, lunch in Sintra and the wind at Cabo da Roca, the westernmost point of mainland Europe.',
        highlights: ['Skip-the-line palace entry', 'Cabo da Roca at sunset', 'At most 16 travellers'],
        included: ['Minibus and driver-guide', 'Palace tickets'],
        not_included: ['Lunch'],
        what_to_bring: ['A jacket for the coast'],
      },
      prices: [6900, 3900],
      time: '09:00',
      capacity: 16,
      picture: { sky: ['#9cc3e6', '#f3d9a4'] as [string, string], hills: '#5a7d4f', name: 'sintra' },
    },
    {
      fields: {
        type: 'ticket' as const,
        title: 'Tagus Sunset Sail',
        category: 'activities',
        subcategory: 'water-sports',
        address: 'Doca de Santo Amaro',
        city: 'Lisbon',
        latitude: 38.7005,
        longitude: -9.1772,
        duration_minutes: 120,
        max_group_size: 10,
        short_description: 'Two hours under sail past Belém and the bridge as the sun goes down.',
        description:
          'Board a classic sailing yacht at the Santo Amaro docks and sail downriver past the Belém Tower and the Monument to the Discoveries while the skipper tells the river’s stories. Drinks on board.',
        highlights: ['Golden hour on the river', 'A glass of port on board'],
        included: ['Skipper', 'Drinks'],
        not_included: ['Hotel pick-up'],
        what_to_bring: ['Soft-soled shoes'],
      },
      prices: [4500, 2500],
      time: '18:00',
      capacity: 10,
      picture: { sky: ['#f08a5d', '#6a4c93'] as [string, string], hills: '#1d3557', name: 'sail' },
    },
  ];
  for (const spec of offers) {
    const offer = await createExperience(db, accountId, {
      ...spec.fields,
      country_code: 'PT',
      languages: ['en', 'pt'],
      min_group_size: 1,
      time_zone: 'Europe/Lisbon',
      currency: 'EUR',
      cancellation_policy_id: shared.policyId,
    });
    await createPricingRate(db, accountId, {
      experience_id: offer.id,
      name: 'Standard',
      valid_from: null,
      valid_to: null,
      pricing_mode: 'per_person',
      min_participants: 1,
      max_participants: null,
      prices: [
        { pricing_category_id: shared.adultId, price: spec.prices[0], net_price: Math.round(spec.prices[0] * 0.8) },
        { pricing_category_id: shared.childId, price: spec.prices[1], net_price: Math.round(spec.prices[1] * 0.8) },
      ],
    });
    await replaceSchedule(db, accountId, offer.id, {
      start_times: [
        {
          time: spec.time,
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          date_from: formatIsoDate(shared.today),
          date_to: null,
          capacity: spec.capacity,
        },
      ],
    });
    await uploadToGallery(db, storage, accountId, offer.id, {
      files: [await demoPicture(config.CACHE_DIR, spec.picture)],
      folderId: null,
      altText: spec.fields.title,
    });
    await changeExperience(db, accountId, offer.id, { status: 'active' });
  }
};
