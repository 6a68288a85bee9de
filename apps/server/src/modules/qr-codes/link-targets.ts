import { baseUrl, type Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { offersForLinks, type QrCodeRow, storesForLinks } from './qr-codes.repository.ts';

/**
 * Where a link sends whoever scans it, decided at the scan: the chosen store while it is Active
 * (the offer's booking page while the store sells the offer, else the store's home page); otherwise
 * the organization's default store. A printed code never stops working because its store or offer
 * changed; the QR codes page says where it leads instead, and why.
 */

type StoreFacts = Awaited<ReturnType<typeof storesForLinks>>[number];
type OfferFacts = Awaited<ReturnType<typeof offersForLinks>>[number];
export type LinkTarget = {
  url: string | null;
  problem: string | null;
  store: { id: string; name: string; slug: string } | null;
  experience: { id: string; title: string } | null;
};

const STATUS_WORDS = { draft: 'a Draft', inactive: 'Inactive', active: 'Active' } as const;

const targetOf = (
  row: QrCodeRow,
  stores: ReadonlyMap<string, StoreFacts>,
  fallback: StoreFacts | undefined,
  offers: ReadonlyMap<string, OfferFacts>,
  storeUrl: (slug: string) => string,
): LinkTarget => {
  const chosen = row.storeId ? stores.get(row.storeId) : undefined;
  const offer = row.experienceId ? offers.get(row.experienceId) : undefined;
  const store = chosen ? { id: chosen.id, name: chosen.name, slug: chosen.slug } : null;
  const experience = offer ? { id: offer.id, title: offer.title } : null;
  const elsewhere = (why: string) =>
    fallback && fallback.status === 'active' && fallback.id !== chosen?.id
      ? { url: storeUrl(fallback.slug), problem: `${why} Scans go to the default store, ${fallback.name}.` }
      : { url: null, problem: `${why} Scans lead nowhere until it is fixed.` };

  if (!chosen) return { store, experience, ...elsewhere('Its store was deleted.') };
  if (chosen.status !== 'active') {
    return { store, experience, ...elsewhere(`${chosen.name} is ${STATUS_WORDS[chosen.status]} store.`) };
  }
  const home = storeUrl(chosen.slug);
  if (row.type === 'store') return { store, experience, url: home, problem: null };
  if (!offer) return { store, experience, url: home, problem: 'Its offer was deleted. Scans go to the store’s home page.' };
  if (!offer.storeIds.includes(chosen.id) || !offer.onSale) {
    return {
      store,
      experience,
      url: home,
      problem: `${offer.title} is not on sale in ${chosen.name}. Scans go to its home page.`,
    };
  }
  return { store, experience, url: `${home}offers/${offer.id}`, problem: null };
};

/** The targets of these links (tickets get none), by code id. */
export const linkTargets = async (
  db: Executor,
  config: Config,
  accountId: string,
  subdomain: string,
  rows: readonly QrCodeRow[],
) => {
  const links = rows.filter((r) => r.type !== 'ticket');
  const result = new Map<string, LinkTarget>();
  if (!links.length) return result;
  const [storeRows, offerRows] = await Promise.all([
    storesForLinks(
      db,
      accountId,
      links.map((r) => r.storeId),
    ),
    offersForLinks(
      db,
      accountId,
      links.flatMap((r) => (r.storeId && r.experienceId ? [{ storeId: r.storeId, experienceId: r.experienceId }] : [])),
    ),
  ]);
  const stores = new Map(storeRows.map((s) => [s.id, s]));
  const offers = new Map(offerRows.map((o) => [o.id, o]));
  const fallback = storeRows.find((s) => s.isDefault);
  const storeUrl = (slug: string) => `${baseUrl(config, subdomain)}/s/${slug}/`;
  for (const row of links) result.set(row.id, targetOf(row, stores, fallback, offers, storeUrl));
  return result;
};
