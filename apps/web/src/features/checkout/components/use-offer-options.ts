import type { ComboboxData } from '@mantine/core';
import { useMemo } from 'react';
import { useListExperiencesQuery } from '../../../lib/api/catalog.api.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { useListPartnerOffersQuery } from '../../partners/api.ts';

export const PARTNER_OFFERS_GROUP = 'Partners’ offers (resold)';
export const OWN_OFFERS_GROUP = 'Our offers';

/**
 * The checkout's offers: our Active ones and, when the plan lets us sell as a reseller ('resales'),
 * the offers our suppliers share with us as a second group. Booking a shared offer works like our
 * own (the server resolves it); the order it makes is a resale in the supplier's account.
 */
export const useOfferOptions = (term: string) => {
  const { hasFeature } = useAccess();
  const reselling = hasFeature(['resales']);
  const search = term ? { search: term } : {};
  const own = useListExperiencesQuery({ status: 'active', page: 1, page_size: 50, ...search });
  const shared = useListPartnerOffersQuery({ page: 1, page_size: 50, ...search }, { skip: !reselling });
  const sharedOffers = shared.data?.results ?? [];

  const data: ComboboxData = useMemo(() => {
    const ours = (own.data?.results ?? []).map((o) => ({ value: o.id, label: o.title }));
    if (!sharedOffers.length) return ours;
    return [
      ...(ours.length ? [{ group: OWN_OFFERS_GROUP, items: ours }] : []),
      { group: PARTNER_OFFERS_GROUP, items: sharedOffers.map((o) => ({ value: o.id, label: `${o.title} · ${o.supplier.name}` })) },
    ];
  }, [own.data, sharedOffers]);

  const partnerOfferIds = useMemo(() => new Set(sharedOffers.map((o) => o.id)), [sharedOffers]);
  return {
    data,
    isFetching: own.isFetching || shared.isFetching,
    /** Whether an offer is a supplier's (its extras and questions are not ours to read). */
    isPartnerOffer: (id: string | null) => Boolean(id && partnerOfferIds.has(id)),
    /** The shared offers are known (or not asked for): until then, an offer's kind is unknown. */
    settled: !reselling || !shared.isLoading,
  };
};
