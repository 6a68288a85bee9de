import type { Experience } from '@excursio/contract/experiences';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import {
  useListPricingCategoriesQuery,
  useListPricingRatesQuery,
  useListStartTimesQuery,
} from '../../../../lib/api/catalog.api.ts';
import { EditorFooter } from '../editor-footer.tsx';
import { PricingCategoriesSection } from '../pricing/pricing-categories-section.tsx';
import { RatesSection } from '../pricing/rates-section.tsx';
import { ScheduleSection } from '../pricing/schedule-section.tsx';

/**
 * Pricing step: the account's pricing categories, the offer's rates and its schedule. Every part
 * saves itself through the API, so the footer only moves Back / Next.
 */
export function PricingStep({ experience }: { experience: Experience }) {
  const categories = useListPricingCategoriesQuery({ page_size: 100, ordering: 'name' });
  const rates = useListPricingRatesQuery({ experience: experience.id, page_size: 100, ordering: 'created_at' });
  const startTimes = useListStartTimesQuery({ experience: experience.id, page_size: 100 });
  const categoryList = categories.data?.results ?? [];
  const rateList = rates.data?.results ?? [];
  const usedIds = useMemo(
    () => new Set(rateList.flatMap((rate) => rate.prices.map((price) => price.pricing_category_id))),
    [rateList],
  );

  return (
    <Stack gap="lg">
      <PricingCategoriesSection categories={categoryList} loading={categories.isLoading} usedIds={usedIds} />
      <RatesSection
        experienceId={experience.id}
        currency={experience.currency}
        rates={rateList}
        loading={rates.isLoading}
        categories={categoryList}
      />
      <ScheduleSection
        experienceId={experience.id}
        timeZone={experience.time_zone}
        openDated={experience.type === 'ticket' && experience.is_open_dated}
        lines={startTimes.data?.results ?? []}
        loading={startTimes.isLoading}
      />
      <EditorFooter experienceId={experience.id} step="pricing" />
    </Stack>
  );
}
