import type { StoreExperienceInput } from '@excursio/contract/stores';
import type { Db } from '../../db/client.ts';
import { invalid, notFound, refusedByState } from '../../http/app-error.ts';
import {
  deleteEntry,
  eligibleOffersPage,
  entriesCount,
  insertEntry,
  type OfferFilters,
  offerForStore,
  type StoreOfferOrdering,
  type StoreOfferRow,
  shiftDown,
  shiftUp,
  storeEntry,
  storeOffersPage,
  updateEntry,
} from './store-experiences.repository.ts';
import { toStoreExperience } from './store-wire.ts';
import { lockStore } from './stores.repository.ts';
import { storeOf } from './stores.service.ts';

type PageQuery = OfferFilters & { limit: number; offset: number; ordering: StoreOfferOrdering };

const page = (accountId: string, rows: (StoreOfferRow & { total: number; position?: number; featured?: boolean })[]) => ({
  results: rows.map((r) => toStoreExperience(r, accountId)),
  count: rows[0]?.total ?? 0,
});

/** GET /api/stores/{id}/experiences/: the store's offers in their order (or by title / distance). */
export const storeOffers = async (db: Db, accountId: string, storeId: string, query: PageQuery) => {
  await storeOf(db, accountId, storeId);
  return page(accountId, await storeOffersPage(db, accountId, storeId, query));
};

/** GET /api/stores/{id}/eligible-experiences/: the organization's offers not in the store yet. */
export const eligibleOffers = async (db: Db, accountId: string, storeId: string, query: PageQuery) => {
  await storeOf(db, accountId, storeId);
  return page(accountId, await eligibleOffersPage(db, accountId, storeId, query));
};

/**
 * Adds an offer at a position (last by default), or moves it / changes its flag when it is already
 * in the store. Behind the store's row lock, so positions stay 0…n-1 under parallel changes.
 */
export const addStoreOffer = async (db: Db, accountId: string, storeId: string, input: StoreExperienceInput) =>
  db.transaction(async (tx) => {
    const store = await lockStore(tx, accountId, storeId);
    if (!store) throw notFound('This store does not exist.');
    const offer = await offerForStore(tx, accountId, input.experience_id);
    if (!offer) throw invalid('experience_id', 'This offer does not exist.', 'does_not_exist');
    if (offer.currency !== store.currency) {
      throw refusedByState(
        'currency_mismatch',
        `This offer is priced in ${offer.currency}; the store sells in ${store.currency}.`,
        'experience_id',
      );
    }
    const size = await entriesCount(tx, storeId);
    const current = await storeEntry(tx, storeId, offer.id);
    if (!current) {
      const position = Math.min(input.position ?? size, size);
      await shiftDown(tx, storeId, position);
      const entry = await insertEntry(tx, {
        accountId,
        storeId,
        experienceId: offer.id,
        position,
        featured: input.featured ?? false,
      });
      return toStoreExperience({ ...offer, position: entry.position, featured: entry.featured }, accountId);
    }
    const position = Math.min(input.position ?? current.position, size - 1);
    if (position < current.position) await shiftDown(tx, storeId, position, current.position);
    if (position > current.position) await shiftUp(tx, storeId, current.position, position);
    const entry = await updateEntry(tx, current.id, { position, featured: input.featured ?? current.featured });
    return toStoreExperience({ ...offer, position: entry.position, featured: entry.featured }, accountId);
  });

/** Takes an offer out of the store; the ones after it move up. */
export const removeStoreOffer = async (db: Db, accountId: string, storeId: string, experienceId: string) =>
  db.transaction(async (tx) => {
    if (!(await lockStore(tx, accountId, storeId))) throw notFound('This store does not exist.');
    const entry = await storeEntry(tx, storeId, experienceId);
    if (!entry) throw notFound('This offer is not in the store.');
    await deleteEntry(tx, entry.id);
    await shiftUp(tx, storeId, entry.position);
  });
