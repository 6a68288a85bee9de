import type { BookingQuestion } from '@excursio/contract/booking-info';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useGetExperienceInventoryQuery, useListBookingQuestionsQuery } from '../../../lib/api/catalog.api.ts';
import { useGetPartnerOfferQuery } from '../../../lib/api/partners.api.ts';

export type AddOnExtra = { item_id: string; name: string; price: number; currency: string };
export type AddOnQuestion = Pick<BookingQuestion, 'id' | 'question' | 'answer_type' | 'options' | 'required'>;

/**
 * The extras and booking questions of the chosen offer: ours from the catalog, a partner's from
 * `GET /api/partners/offers/{id}/` (they are the supplier's, not ours to read). `own` null: not
 * known yet, nothing is asked.
 */
export const useOfferAddOns = (offerId: string | null, own: boolean | null) => {
  const ours = own === true && offerId ? offerId : null;
  const theirs = own === false && offerId ? offerId : null;
  const inventory = useGetExperienceInventoryQuery(ours ?? skipToken);
  const questions = useListBookingQuestionsQuery(ours ? { experience: ours, page: 1, page_size: 100 } : skipToken);
  const shared = useGetPartnerOfferQuery(theirs ?? skipToken);

  return useMemo((): { extras: AddOnExtra[]; questions: AddOnQuestion[] } => {
    if (theirs) {
      const offer = shared.currentData;
      return {
        extras: (offer?.extras ?? []).map((e) => ({
          item_id: e.id,
          name: e.name,
          price: e.price,
          currency: offer?.currency ?? '',
        })),
        questions: (offer?.questions ?? []).map((q) => ({ ...q, answer_type: q.answer_type as AddOnQuestion['answer_type'] })),
      };
    }
    if (!ours) return { extras: [], questions: [] };
    return {
      extras: (inventory.currentData?.results ?? []).filter((i) => i.usage === 'extra'),
      questions: questions.currentData?.results ?? [],
    };
  }, [ours, theirs, shared.currentData, inventory.currentData, questions.currentData]);
};
