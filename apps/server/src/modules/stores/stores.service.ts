import type { STORE_ORDERING, StorePatchInput, storeInput } from '@excursio/contract/stores';
import { slugOf } from '@excursio/contract/stores';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, invalid, notFound } from '../../http/app-error.ts';
import type { Ordering } from '../../http/paging.ts';
import { toStore } from './store-wire.ts';
import {
  clearDefaultStore,
  deleteStore,
  experienceCounts,
  findStore,
  imagesById,
  insertStore,
  listStores,
  type StoreRow,
  type StoreValues,
  sellingStore,
  slugsLike,
  subdomainOf,
  updateStore,
} from './stores.repository.ts';

/**
 * Stores (`/api/stores/`). What a store shows beside its row (its URL, whether reCAPTCHA can work)
 * depends on the organization and the server: the routes pass it in as `StoreSite`.
 */
export type StoreSite = { url: (subdomain: string, slug: string) => string; recaptchaAvailable: boolean };

const NOT_FOUND = 'This store does not exist.';
const SLUG_TAKEN = 'Another store of your organization already uses this address.';

const wire = async (db: Executor, accountId: string, rows: StoreRow[], site: StoreSite) => {
  const [counts, images, subdomain] = await Promise.all([
    experienceCounts(
      db,
      rows.map((r) => r.id),
    ),
    imagesById(
      db,
      accountId,
      rows.flatMap((r) => [r.logoImageId, r.heroImageId]),
    ),
    subdomainOf(db, accountId),
  ]);
  return rows.map((row) =>
    toStore(row, {
      experiencesCount: counts.get(row.id) ?? 0,
      images,
      url: site.url(subdomain, row.slug),
      recaptchaAvailable: site.recaptchaAvailable,
    }),
  );
};

const slugTaken = (error: unknown) => {
  if (uniqueViolation(error)?.includes('slug')) throw conflict('slug', SLUG_TAKEN);
  throw error;
};

/** The logo and hero must be images of the organization's library. */
const checkImages = async (db: Executor, accountId: string, values: Partial<StoreValues>) => {
  const ids = { logo_image_id: values.logoImageId, hero_image_id: values.heroImageId };
  const found = await imagesById(
    db,
    accountId,
    Object.values(ids).filter((v) => v !== undefined),
  );
  for (const [attr, id] of Object.entries(ids)) {
    if (id && !found.has(id)) throw invalid(attr, 'Choose an image from your media library.', 'does_not_exist');
  }
};

/** A free slug from `base`: base, base-2, base-3… */
const freeSlug = async (db: Executor, accountId: string, base: string) => {
  const root = base || 'store';
  const taken = new Set(await slugsLike(db, accountId, root));
  if (!taken.has(root)) return root;
  for (let n = 2; ; n += 1) {
    const candidate = `${root.slice(0, 55)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
};

const valuesOf = (input: StorePatchInput): Partial<StoreValues> => ({
  name: input.name,
  slug: input.slug,
  status: input.status,
  ownership: input.ownership,
  isDefault: input.is_default,
  currency: input.currency,
  languages: input.languages,
  headline: input.headline,
  description: input.description,
  logoImageId: input.logo_image_id,
  heroImageId: input.hero_image_id,
  accentColor: input.accent_color,
  contactEmail: input.contact_email,
  contactPhone: input.contact_phone,
  termsUrl: input.terms_url,
  privacyUrl: input.privacy_url,
  holdMinutes: input.hold_minutes,
  questionMode: input.question_mode,
  paymentMode: input.payment_mode,
  depositPercent: input.deposit_percent,
  reserveWithoutPayment: input.reserve_without_payment,
  recaptchaEnabled: input.recaptcha_enabled,
});
const defined = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

export const listStoresPage = async (
  db: Db,
  accountId: string,
  query: {
    search?: string;
    status?: StoreRow['status'];
    ordering: Ordering<(typeof STORE_ORDERING)[number]>;
    limit: number;
    offset: number;
  },
  site: StoreSite,
) => {
  const { rows, count } = await listStores(db, accountId, query);
  return { results: await wire(db, accountId, rows, site), count };
};

export const getStore = async (db: Executor, accountId: string, storeId: string, site: StoreSite) => {
  const row = await findStore(db, accountId, storeId);
  if (!row) throw notFound(NOT_FOUND);
  return (await wire(db, accountId, [row], site))[0];
};

/** A new store: its slug from the name unless given; the first store becomes the default one. */
export const createStore = async (db: Db, accountId: string, input: z.output<typeof storeInput>, site: StoreSite) => {
  const values = valuesOf(input) as StoreValues;
  await checkImages(db, accountId, values);
  const row = await db
    .transaction(async (tx) => {
      values.slug = input.slug ?? (await freeSlug(tx, accountId, slugOf(input.name)));
      const first = (await slugsLike(tx, accountId, '')).length === 0;
      if (input.is_default) await clearDefaultStore(tx, accountId, null);
      return insertStore(tx, accountId, { ...values, isDefault: input.is_default || first });
    })
    .catch(slugTaken);
  return (await wire(db, accountId, [row], site))[0];
};

export const changeStore = async (db: Db, accountId: string, storeId: string, input: StorePatchInput, site: StoreSite) => {
  const values = defined(valuesOf(input));
  await checkImages(db, accountId, values);
  const row = await db
    .transaction(async (tx) => {
      if (values.isDefault) await clearDefaultStore(tx, accountId, storeId);
      return Object.keys(values).length ? updateStore(tx, accountId, storeId, values) : findStore(tx, accountId, storeId);
    })
    .catch(slugTaken);
  if (!row) throw notFound(NOT_FOUND);
  return (await wire(db, accountId, [row], site))[0];
};

/** PUT: the whole store as POST takes it (omitted fields go back to their defaults). */
export const replaceStore = (db: Db, accountId: string, storeId: string, input: z.output<typeof storeInput>, site: StoreSite) =>
  changeStore(db, accountId, storeId, input, site);

/** Deleting a store keeps its orders (they lose the link to it). */
export const removeStore = async (db: Db, accountId: string, storeId: string) => {
  if (!(await deleteStore(db, accountId, storeId))) throw notFound(NOT_FOUND);
};

/** A store of the organization, or 404 (the store-experience routes start here). */
export const storeOf = async (db: Executor, accountId: string, storeId: string) => {
  const row = await findStore(db, accountId, storeId);
  if (!row) throw notFound(NOT_FOUND);
  return row;
};

/** Library images by id with their variants (a store's logo and hero, for the public webstore too). */
export const libraryImagesById = imagesById;

/**
 * A webstore reservation: the Active store (by slug) must sell the offer (Active, public, in it);
 * answers the store's hold time (null = the organization's) and how it takes payment.
 */
export const storeSale = async (db: Executor, accountId: string, slug: string, experienceId: string) => {
  const found = await sellingStore(db, accountId, slug, experienceId);
  if (!found) throw notFound('This offer is not sold in this store.');
  return { holdMinutes: found.holdMinutes, paymentMode: found.paymentMode, reserveWithoutPayment: found.reserveWithoutPayment };
};

export { storeOfferOwners } from './stores.repository.ts';
