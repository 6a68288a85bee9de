import {
  PAYMENT_COLLECTOR_LABELS,
  PAYMENT_COLLECTORS,
  PRICING_MODE_LABELS,
  PRICING_MODES,
  SHARE_MODE_LABELS,
  SHARE_MODES,
} from '@excursio/contract/partners';
import { Input, MultiSelect, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useListExperiencesQuery } from '../../../lib/api/catalog.api.ts';
import type { FieldErrors, TermsDraft } from '../terms-form.ts';

/** One of a few choices as a labelled segmented control (pricing, sharing, who collects). */
const ChoiceField = <T extends string>({
  label,
  description,
  values,
  labels,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (next: T) => void;
  error?: string;
}) => (
  <Input.Wrapper label={label} description={description} error={error}>
    <SegmentedControl
      mt={6}
      fullWidth
      aria-label={label}
      data={values.map((v) => ({ value: v, label: labels[v] }))}
      value={value}
      onChange={(next) => onChange(next as T)}
    />
  </Input.Wrapper>
);

/** The organization's Active offers to choose from; labels of every offer seen are kept for the chosen ones. */
const SharedOffersSelect = ({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) => {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 250);
  const offers = useListExperiencesQuery({ status: 'active', page: 1, page_size: 50, ...(term ? { search: term } : {}) });
  const labels = useRef(new Map<string, string>());
  for (const o of offers.data?.results ?? []) labels.current.set(o.id, o.title);
  const data = useMemo(() => {
    const seen = new Set((offers.data?.results ?? []).map((o) => o.id));
    const chosen = value
      .filter((id) => !seen.has(id))
      .map((id) => ({ value: id, label: labels.current.get(id) ?? 'Chosen offer' }));
    return [...chosen, ...(offers.data?.results ?? []).map((o) => ({ value: o.id, label: o.title }))];
  }, [offers.data, value]);
  return (
    <MultiSelect
      label="Offers to share"
      description="Only Active offers are shared; an offer set to Inactive stops being sold by the reseller."
      placeholder={value.length ? undefined : 'Search your Active offers'}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: found }) => found}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={offers.isFetching ? 'Searching…' : 'No Active offer matches.'}
      hidePickedOptions
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/**
 * The terms of a partnership (invite and "Edit terms"): pricing, sharing (ours to set when we are the
 * supplier), allocation per start and who collects the customer's money.
 */
export const TermsFields = ({
  value,
  onChange,
  errors,
  sharing,
}: {
  value: TermsDraft;
  onChange: (next: TermsDraft) => void;
  errors: FieldErrors;
  /** We are the supplier: the share mode and the chosen offers are ours to set. */
  sharing: boolean;
}) => {
  const set = (patch: Partial<TermsDraft>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="md">
      <ChoiceField
        label="Pricing"
        values={PRICING_MODES}
        labels={PRICING_MODE_LABELS}
        value={value.pricing_mode}
        onChange={(pricing_mode) => set({ pricing_mode })}
        error={errors.pricing_mode}
      />
      {value.pricing_mode === 'commission' ? (
        <NumberInput
          label="Commission"
          description="The reseller’s share of each sale."
          suffix=" %"
          min={0}
          max={100}
          decimalScale={2}
          allowNegative={false}
          value={value.commission_percent}
          onChange={(n) => set({ commission_percent: typeof n === 'number' ? n : '' })}
          error={errors.commission_percent}
          w={{ base: '100%', xs: 200 }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          The reseller earns the difference between each rate’s price and its net price (set in the pricing catalogue).
        </Text>
      )}
      {sharing ? (
        <>
          <ChoiceField
            label="Offers shared"
            values={SHARE_MODES}
            labels={SHARE_MODE_LABELS}
            value={value.share_mode}
            onChange={(share_mode) => set({ share_mode })}
            error={errors.share_mode}
          />
          {value.share_mode === 'selected' ? (
            <SharedOffersSelect
              value={value.experience_ids}
              onChange={(experience_ids) => set({ experience_ids })}
              error={errors.experience_ids}
            />
          ) : null}
        </>
      ) : null}
      <NumberInput
        label="Most places per start (optional)"
        description="What the reseller may sell of each start. Empty: all the start has left."
        min={1}
        max={10_000}
        allowDecimal={false}
        allowNegative={false}
        value={value.allocation}
        onChange={(n) => set({ allocation: typeof n === 'number' ? n : '' })}
        error={errors.allocation}
        w={{ base: '100%', xs: 320 }}
      />
      <ChoiceField
        label="Who collects the customer’s payment"
        description="The other side is settled with the monthly statement."
        values={PAYMENT_COLLECTORS}
        labels={PAYMENT_COLLECTOR_LABELS}
        value={value.payment_collector}
        onChange={(payment_collector) => set({ payment_collector })}
        error={errors.payment_collector}
      />
    </Stack>
  );
};
