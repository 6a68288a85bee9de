import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { TIERS, TOP_TIER } from '../db/seed/catalog.ts';
import { insertOrganization } from '../modules/accounts/organization.repository.ts';
import { DAY_MS, formatIsoDate } from '../modules/availability/local-date.ts';
import { reserve } from '../modules/availability/reservations.service.ts';
import { placeOrderFromHolds } from '../modules/orders/place-order.service.ts';
import { changeStatus, invitePartner } from '../modules/partners/partners.service.ts';
import { connectTestMode } from '../modules/payments/provider-for.ts';
import { addStoreOffer } from '../modules/stores/store-experiences.service.ts';
import { createStore } from '../modules/stores/stores.service.ts';
import { DEMO_STORE_SLUG } from './demo-store.ts';

/** The demo affiliate: `https://cityguide.{domain}`, reselling the demo supplier's walking tour. */
export const DEMO_AFFILIATE_SUBDOMAIN = 'cityguide';
export const DEMO_AFFILIATE_STORE_SLUG = 'city-guide-picks';

type Sold = {
  tour: { id: string };
  rate: { id: string };
  adult: { id: string };
  child: { id: string };
  lines: { id: string; time: string }[];
  today: number;
};

const BUYERS = [
  { first_name: 'Olivia', last_name: 'Brown', email: 'olivia.brown@example.com', phone: '+1 212 555 0147', day: 2, adults: 2 },
  {
    first_name: 'Lucas',
    last_name: 'Meyer',
    email: 'lucas.meyer@example.de',
    phone: '+49 170 555 0199',
    day: 6,
    adults: 3,
    children: 1,
  },
  { first_name: 'Chloé', last_name: 'Dubois', email: 'chloe.dubois@example.fr', phone: '+33 6 55 01 23 45', day: 9, adults: 2 },
];

/**
 * A second demo organization: the affiliate "Lisbon City Guide" on its top plan, in an active
 * partnership with the demo supplier (15 % commission, the reseller collects, at most 6 places per
 * start), its own store reselling the walking tour, and three resales already made through it —
 * all through the services the API uses.
 */
export const seedDemoPartner = async (
  db: Db,
  supplier: { accountId: string; ownerEmail: string },
  owner: { email: string; passwordHash: string },
  sold: Sold,
  now: Date,
) => {
  const { account, user } = await db.transaction((tx) =>
    insertOrganization(tx, {
      type: 'affiliate',
      name: 'Lisbon City Guide',
      subdomain: DEMO_AFFILIATE_SUBDOMAIN,
      tierCode: TOP_TIER.affiliate,
      owner: { email: owner.email, passwordHash: owner.passwordHash, firstName: 'Rui', lastName: 'Reseller', isActive: true },
    }),
  );
  await connectTestMode(db, account.id, user.id);
  const features = (code: string) => TIERS.find((t) => t.code === code)?.features ?? [];
  const { partnership } = await invitePartner(
    db,
    { accountId: supplier.accountId, email: supplier.ownerEmail, features: features(TOP_TIER.supplier) },
    {
      partner_type: 'resellers',
      subdomain: DEMO_AFFILIATE_SUBDOMAIN,
      message: 'Sell our walking tour to your guests: 15 % on every booking.',
      terms: {
        pricing_mode: 'commission',
        commission_percent: 15,
        share_mode: 'selected',
        experience_ids: [sold.tour.id],
        allocation: 6,
        payment_collector: 'reseller',
      },
    },
  );
  await changeStatus(
    db,
    { accountId: account.id, email: owner.email, features: features(TOP_TIER.affiliate) },
    partnership.id,
    'accept',
    () => new Date(now.getTime() - 20 * DAY_MS),
  );
  const store = await createStore(
    db,
    account.id,
    {
      name: 'City Guide Picks',
      slug: DEMO_AFFILIATE_STORE_SLUG,
      status: 'active',
      ownership: 'internal',
      is_default: true,
      currency: 'EUR',
      languages: ['en', 'de'],
      headline: 'Our favourite ways to see Lisbon',
      description: `Hand-picked tours by local operators — the walking tour runs with our partner (see ${DEMO_STORE_SLUG}).`,
      logo_image_id: null,
      hero_image_id: null,
      accent_color: '#5f3dc4',
      contact_email: 'hello@cityguide.localhost',
      contact_phone: '+351 21 000 1111',
      terms_url: '',
      privacy_url: '',
      hold_minutes: null,
      question_mode: 'all',
      payment_mode: 'full',
      deposit_percent: 20,
      reserve_without_payment: false,
      recaptcha_enabled: false,
    },
    { url: () => '', recaptchaAvailable: false },
  );
  await addStoreOffer(db, account.id, store.id, { experience_id: sold.tour.id });
  const morning = sold.lines.find((l) => l.time === '10:00') ?? sold.lines[0];
  for (const buyer of BUYERS) {
    const { hold } = await reserve(
      db,
      supplier.accountId,
      {
        productId: sold.tour.id,
        availabilityId: `${formatIsoDate(sold.today + buyer.day)}_${morning.id}`,
        rateId: sold.rate.id,
        units: [
          { pricingCategoryId: sold.adult.id, quantity: buyer.adults },
          ...(buyer.children ? [{ pricingCategoryId: sold.child.id, quantity: buyer.children }] : []),
        ],
      },
      { now, source: 'webstore', publicOnly: true, partnership: { id: partnership.id, allocation: 6 } },
    );
    const key = `demo-resale-${randomUUID()}`;
    await placeOrderFromHolds(
      db,
      supplier.accountId,
      {
        lines: [{ holdId: hold.id, extras: [], extrasMinor: 0, answers: [] }],
        contact: { first_name: buyer.first_name, last_name: buyer.last_name, email: buyer.email, phone: buyer.phone },
        note: '',
        storeId: null,
        sessionId: `cs_${key}`,
        payment: { amountMinor: hold.totalMinor, provider: 'test', reference: `ch_test_${key}`, idempotencyKey: key },
        resale: { partnershipId: partnership.id, storeId: store.id, sellerUserId: null },
      },
      now,
    );
  }
  return { accountId: account.id, storeId: store.id };
};
