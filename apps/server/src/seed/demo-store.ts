import type { Db } from '../db/client.ts';
import { listExperiencesPage } from '../modules/experiences/experiences.service.ts';
import { addStoreOffer } from '../modules/stores/store-experiences.service.ts';
import { createStore, type StoreSite } from '../modules/stores/stores.service.ts';

/** The demo's webstore slug: `https://demo.{domain}/s/harbour-and-hills/` (and `/s/`, its default store). */
export const DEMO_STORE_SLUG = 'harbour-and-hills';

/** An Active store selling every Active offer of the demo, so the webstore works right after `npm start`. */
export const seedDemoStore = async (db: Db, accountId: string) => {
  // The seed shows no URL: the start-up log prints it.
  const site: StoreSite = { url: () => '', recaptchaAvailable: false };
  const store = await createStore(
    db,
    accountId,
    {
      name: 'Harbour & Hills',
      slug: DEMO_STORE_SLUG,
      status: 'active',
      ownership: 'internal',
      is_default: true,
      currency: 'EUR',
      languages: ['en', 'de'],
      headline: 'Lisbon by boat, on foot and on two wheels',
      description: 'Small groups, local guides, free cancellation on most tours.',
      logo_image_id: null,
      hero_image_id: null,
      accent_color: '#0b7285',
      contact_email: 'hello@demo.localhost',
      contact_phone: '+351 21 000 0000',
      terms_url: '',
      privacy_url: '',
      hold_minutes: null,
      question_mode: 'all',
      payment_mode: 'full',
      deposit_percent: 20,
      reserve_without_payment: false,
      recaptcha_enabled: false,
    },
    site,
  );
  const { results } = await listExperiencesPage(db, accountId, {
    status: 'active',
    page: 1,
    page_size: 100,
    ordering: { field: 'created_at', descending: false },
  });
  for (const offer of results) {
    if (offer.currency === store.currency) await addStoreOffer(db, accountId, store.id, { experience_id: offer.id });
  }
  return store;
};
