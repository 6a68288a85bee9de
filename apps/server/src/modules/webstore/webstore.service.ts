import { categoryLabels } from '@excursio/contract/experiences';
import type { Webstore, WebstoreExperience, WebstoreExperienceCard } from '@excursio/contract/webstore';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { StripeClient } from '../../integrations/payments/stripe-client.ts';
import { formatIsoDate } from '../availability/local-date.ts';
import { offersStartingBetween } from '../availability/public-feed.service.ts';
import { variantUrls } from '../media/image-urls.ts';
import { activeSupplierIds } from '../partners/partners.service.ts';
import { libraryImagesById as imagesById } from '../stores/stores.service.ts';
import { offerPayment } from './sale-payability.service.ts';
import {
  activeStores,
  type CardFilters,
  type CardOrdering,
  cardsPage,
  fromPriceOf,
  type PublicStoreRow,
  storeCategories,
  visibleOffer,
} from './webstore.repository.ts';
import {
  agendaOf,
  extrasFor,
  galleryOf,
  meetingPointOf,
  policyOf,
  pricedCategoriesOf,
  questionsFor,
} from './webstore-offer.repository.ts';

/** What the public webstore needs of the server beside the database. */
export type WebstoreSite = { recaptchaSiteKey: string | null; paymentTestMode: boolean; paymentAvailable: boolean };

const STORE_CLOSED = 'This store does not exist or is not open.';
const today = (now: Date) => formatIsoDate(Math.floor(now.getTime() / 86_400_000));

/** GET /api/webstores/: the organization's Active stores, public fields only. */
export const webstoresOf = async (db: Db, accountId: string, site: WebstoreSite): Promise<Webstore[]> => {
  const [rows, suppliers] = await Promise.all([activeStores(db, accountId), activeSupplierIds(db, accountId)]);
  const [categories, images] = await Promise.all([
    storeCategories(
      db,
      accountId,
      rows.map((r) => r.id),
      suppliers,
    ),
    imagesById(
      db,
      accountId,
      rows.flatMap((r) => [r.logoImageId, r.heroImageId]),
    ),
  ]);
  const urls = (id: string | null) => {
    const image = id ? images.get(id) : undefined;
    return image ? variantUrls(image.variants) : null;
  };
  return rows.map((row) => {
    const own = new Map<string, { name: string; label: string }[]>();
    for (const c of categories.filter((c) => c.storeId === row.id)) {
      const subs = own.get(c.category) ?? [];
      if (c.subcategory && !subs.some((s) => s.name === c.subcategory)) {
        subs.push({ name: c.subcategory, label: categoryLabels(c.category, c.subcategory).subcategory });
      }
      own.set(c.category, subs);
    }
    return {
      slug: row.slug,
      name: row.name,
      is_default: row.isDefault,
      headline: row.headline,
      description: row.description,
      currency: row.currency,
      languages: row.languages as Webstore['languages'],
      accent_color: row.accentColor,
      logo_urls: urls(row.logoImageId),
      hero_urls: urls(row.heroImageId),
      organization_name: row.organizationName,
      contact_email: row.contactEmail,
      contact_phone: row.contactPhone,
      terms_url: row.termsUrl,
      privacy_url: row.privacyUrl,
      payment_mode: row.paymentMode,
      deposit_percent: row.depositPercent,
      recaptcha_site_key: row.recaptchaEnabled ? site.recaptchaSiteKey : null,
      payment_test_mode: site.paymentTestMode,
      payment_available: site.paymentAvailable,
      reserve_without_payment: row.reserveWithoutPayment,
      categories: [...own].map(([name, subcategories]) => ({ name, label: categoryLabels(name, '').category, subcategories })),
    };
  });
};

/** The Active store a visitor asked for by slug, or the organization's default (first) one. */
export const storeForVisitor = async (db: Db, accountId: string, slug: string | undefined): Promise<PublicStoreRow> => {
  const open = await activeStores(db, accountId);
  const store = slug ? open.find((s) => s.slug === slug) : open[0];
  if (!store) throw notFound(STORE_CLOSED);
  return store;
};

/** Offers with a start between two local dates: the organization's and its suppliers' (resold). */
const startingBetween = async (db: Db, owners: string[], window: { from: string; to: string }, now: Date) => {
  const sets = await Promise.all(owners.map((owner) => offersStartingBetween(db, owner, window, now)));
  return new Set(sets.flatMap((set) => [...set]));
};

/** GET /api/webstores/experiences/: a page of the store's offer cards. */
export const experienceCards = async (
  db: Db,
  accountId: string,
  store: PublicStoreRow,
  query: Omit<CardFilters, 'only'> & {
    date_from?: string;
    date_to?: string;
    ordering: CardOrdering;
    limit: number;
    offset: number;
  },
  now: Date,
): Promise<{ results: WebstoreExperienceCard[]; count: number; capped: boolean }> => {
  const from = query.date_from ?? query.date_to;
  const to = query.date_to ?? query.date_from;
  const suppliers = await activeSupplierIds(db, accountId);
  const only = from && to ? await startingBetween(db, [accountId, ...suppliers], { from, to }, now) : undefined;
  const { rows, count, capped } = await cardsPage(db, accountId, store.id, { ...query, only, suppliers, today: today(now) });
  return {
    count,
    capped,
    results: rows.map((r) => ({
      id: r.id,
      title: r.title,
      short_description: r.shortDescription,
      type: r.type,
      category: r.category,
      subcategory: r.subcategory,
      category_label: categoryLabels(r.category, r.subcategory).category,
      subcategory_label: categoryLabels(r.category, r.subcategory).subcategory,
      city: r.city,
      duration_minutes: r.durationMinutes,
      featured: r.featured,
      image: r.image
        ? { urls: variantUrls(r.image.variants), alt_text: r.image.alt, width: r.image.width, height: r.image.height }
        : null,
      from_price: r.fromPrice === null ? null : Number(r.fromPrice),
      currency: r.currency,
    })),
  };
};

/** A visible offer of the store, or 404 (the page, its calendar and its starts all begin here). */
export const offerOfStore = async (db: Db, accountId: string, store: PublicStoreRow, experienceId: string) => {
  const offer = await visibleOffer(db, accountId, store.id, experienceId);
  if (!offer) throw notFound('This offer is not sold in this store.');
  return offer;
};

/** GET /api/webstores/experiences/{id}/: everything the offer page shows, public fields only. */
export const experiencePage = async (
  db: Db,
  accountId: string,
  store: PublicStoreRow,
  experienceId: string,
  now: Date,
  stripe: StripeClient | null,
): Promise<WebstoreExperience> => {
  const offer = await offerOfStore(db, accountId, store, experienceId);
  const [gallery, meeting, policy, agenda, categories, extras, questions, fromPrice, payment] = await Promise.all([
    galleryOf(db, offer.id),
    // A resold offer's details are its supplier's.
    meetingPointOf(db, offer.accountId, offer.meetingPointId),
    policyOf(db, offer.accountId, offer.cancellationPolicyId),
    agendaOf(db, offer.id),
    pricedCategoriesOf(db, offer.id),
    extrasFor(db, offer.id, offer.currency),
    questionsFor(db, offer.id, store.questionMode === 'required'),
    fromPriceOf(db, offer.accountId, offer.id, today(now)),
    // Before any place is held: can the party that collects take this store's payment?
    offerPayment(db, stripe, accountId, store, offer.accountId),
  ]);
  return {
    id: offer.id,
    title: offer.title,
    type: offer.type,
    category: offer.category,
    subcategory: offer.subcategory,
    category_label: categoryLabels(offer.category, offer.subcategory).category,
    subcategory_label: categoryLabels(offer.category, offer.subcategory).subcategory,
    short_description: offer.shortDescription,
    description: offer.description,
    highlights: offer.highlights,
    included: offer.included,
    not_included: offer.notIncluded,
    what_to_bring: offer.whatToBring,
    important_information: offer.importantInformation,
    duration_minutes: offer.durationMinutes,
    languages: offer.languages,
    address: offer.address,
    city: offer.city,
    country_code: offer.countryCode,
    time_zone: offer.timeZone,
    currency: offer.currency,
    is_open_dated: offer.type === 'ticket' && offer.isOpenDated,
    confirmation_mode: offer.confirmationMode,
    min_group_size: offer.minGroupSize,
    max_group_size: offer.maxGroupSize,
    images: gallery.map((g) => ({
      id: g.id,
      urls: variantUrls(g.variants),
      alt_text: g.altText,
      width: g.width,
      height: g.height,
    })),
    meeting_point: meeting
      ? {
          name: meeting.name,
          address: meeting.address,
          instructions: meeting.instructions,
          latitude: meeting.latitude,
          longitude: meeting.longitude,
        }
      : null,
    cancellation_policy: policy ? { name: policy.name, description: policy.description, tiers: policy.tiers } : null,
    agenda: agenda.map((a) => ({ title: a.title, description: a.description, duration_minutes: a.durationMinutes })),
    pricing_categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      min_age: c.minAge,
      max_age: c.maxAge,
      description: c.description,
    })),
    from_price: fromPrice === null ? null : Number(fromPrice),
    payment,
    extras,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      scope: q.scope,
      answer_type: q.answerType,
      options: q.options,
      required: q.required,
    })),
  };
};

/** An offer's extras (in its currency) and booking questions, public fields only (a reseller's checkout too). */
export const offerExtrasAndQuestions = async (db: Db, offer: { id: string; currency: string }) => {
  const [extras, questions] = await Promise.all([extrasFor(db, offer.id, offer.currency), questionsFor(db, offer.id, false)]);
  return {
    extras,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      scope: q.scope,
      answer_type: q.answerType,
      options: q.options,
      required: q.required,
    })),
  };
};
