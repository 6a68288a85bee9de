import type { ComboboxData } from '@mantine/core';
import { useMemo, useRef } from 'react';
import { useListExperiencesQuery } from '../../../lib/api/catalog.api.ts';
import { useListPartnerOffersQuery } from '../../../lib/api/partners.api.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';

export const PARTNER_OFFERS_GROUP = 'Partners’ offers (resold)';
export const OWN_OFFERS_GROUP = 'Our offers';

/**
 * The checkout's offers: our Active ones (on a plan with offers) and, when the plan lets us sell as
 * a reseller ('resales'), the offers our suppliers share with us as a second group. Booking a shared
 * offer works like our own (the server resolves it); the order it makes is a resale in the
 * supplier's account.
 */
export const useOfferOptions = (typed: string, selectedId: string | null) => {
  const { hasFeature } = useAccess();
  const reselling = hasFeature(['resales']);
  // An affiliate's plan may have no offers of its own ('experiences'): it sells its suppliers' only.
  const supplying = hasFeature(['experiences']);
  // Every option seen: its label, and whether it is a partner's (kept across searches).
  const seen = useRef(new Map<string, { label: string; partner: boolean }>());
  // The box shows the chosen offer's label: that is no search.
  const term = selectedId && seen.current.get(selectedId)?.label === typed ? '' : typed;
  const search: Record<string, string> = term ? { search: term } : {};
  const own = useListExperiencesQuery({ status: 'active', page: 1, page_size: 50, ...search }, { skip: !supplying });
  const shared = useListPartnerOffersQuery({ page: 1, page_size: 50, ...search }, { skip: !reselling });

  const data: ComboboxData = useMemo(() => {
    const ours = (own.data?.results ?? []).map((o) => ({ value: o.id, label: o.title }));
    const theirs = (shared.data?.results ?? []).map((o) => ({ value: o.id, label: `${o.title} · ${o.supplier.name}` }));
    for (const o of ours) seen.current.set(o.value, { label: o.label, partner: false });
    for (const o of theirs) seen.current.set(o.value, { label: o.label, partner: true });
    if (!theirs.length) return ours;
    return [...(ours.length ? [{ group: OWN_OFFERS_GROUP, items: ours }] : []), { group: PARTNER_OFFERS_GROUP, items: theirs }];
  }, [own.data, shared.data]);

  return {
    data,
    isFetching: own.isFetching || shared.isFetching,
    /**
     * Whether an offer is known to be ours (its extras and booking questions are ours to read; a
     * partner's are the supplier's). Null until the lists have answered.
     */
    isOwnOffer: (id: string | null) => {
      if (!id) return false;
      const known = seen.current.get(id);
      if (known) return !known.partner;
      // Not listed (e.g. a search narrowed the lists): ours only when there are no partner offers to be.
      return reselling ? (shared.isLoading ? null : false) : supplying;
    },
  };
};
