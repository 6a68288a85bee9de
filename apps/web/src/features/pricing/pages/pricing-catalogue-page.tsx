import { PRICING_MODE_LABELS, PRICING_RATE_ORDERING, type PricingRate } from '@excursio/contract/pricing';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { useListExperiencesQuery, useListPricingRatesQuery } from '../../../lib/api/catalog.api.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { participantsText, ratePriceLabels, validityParts } from '../components/pricing-text.ts';

const LIST_SPEC = { filters: { experience: 'uuid' }, ordering: PRICING_RATE_ORDERING } as const;
const OFFERS_PATH = '/products/experiences/overview';

/** Rates are edited in the offer editor's pricing step. */
const ratesPath = (experienceId: string) => `/products/experiences/editor/${experienceId}/pricing`;

const RatePrices = ({ rate }: { rate: PricingRate }) => {
  const labels = ratePriceLabels(rate.prices, rate.currency);
  if (labels.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No prices
      </Text>
    );
  }
  return (
    // A minimum width keeps two or three prices on a line before the table gives the room to other columns.
    <Group gap={6} wrap="wrap" miw={{ base: 0, sm: 320 }}>
      {labels.map((label, i) => (
        <Group key={label.id} gap={6} wrap="nowrap">
          {i > 0 ? (
            <Text span size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
          ) : null}
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
            <Text span inherit c="dimmed">
              {label.name}
            </Text>{' '}
            <Text span inherit fw={600}>
              {label.amount}
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
};

/** The Pricing rates tab: every rate of every offer, read-only; editing links to the offer. */
export const PricingCataloguePage = () => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListPricingRatesQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const { data: offers } = useListExperiencesQuery({ page: 1, page_size: 100, ordering: 'title' });
  const offerOptions = useMemo(() => (offers?.results ?? []).map((o) => ({ value: o.id, label: o.title })), [offers]);

  const columns: Column<PricingRate>[] = [
    {
      key: 'offer',
      header: 'Offer',
      sortField: 'experience_title',
      width: 220,
      render: (r) => (
        <Anchor
          component={Link}
          to={ratesPath(r.experience_id)}
          size="sm"
          fw={500}
          title="Edit the rates in the offer's Pricing step"
          style={{ display: 'inline-block', minWidth: 140 }}
        >
          {r.experience_title}
        </Anchor>
      ),
    },
    { key: 'name', header: 'Rate', sortField: 'name', render: (r) => <Text size="sm">{r.name}</Text> },
    {
      key: 'validity',
      header: 'Valid',
      sortField: 'valid_from',
      width: 190,
      render: (r) => (
        <Text size="sm" c={r.valid_from || r.valid_to ? undefined : 'dimmed'}>
          {validityParts(r.valid_from, r.valid_to).map((part, i) => (
            // Each end stays on one line; a long range breaks between its ends.
            <Fragment key={part}>
              {i > 0 ? ' ' : null}
              <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                {part}
              </Text>
            </Fragment>
          ))}
        </Text>
      ),
    },
    {
      key: 'mode',
      header: 'Pricing',
      width: 110,
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {PRICING_MODE_LABELS[r.pricing_mode]}
        </Text>
      ),
    },
    {
      key: 'participants',
      header: 'Participants',
      width: 110,
      render: (r) => <Text size="sm">{participantsText(r.min_participants, r.max_participants)}</Text>,
    },
    { key: 'prices', header: 'Prices', render: (r) => <RatePrices rate={r} /> },
  ];

  const offersButton = (
    <Button component={Link} to={OFFERS_PATH} variant="secondary" leftSection={<IconExternalLink size={16} />}>
      Go to offers
    </Button>
  );

  return (
    <Stack gap={0}>
      <ListToolbar
        list={list}
        searchLabel="Search pricing rates"
        searchPlaceholder="Search by rate or offer"
        filters={[{ key: 'experience', label: 'Offer', options: offerOptions }]}
      />
      <DataTable
        label="Pricing rates"
        columns={columns}
        rowKey={(r) => r.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters
            ? 'No pricing rates match these filters.'
            : "No offer has a rate yet. Rates are added in an offer's Pricing step.",
          action: list.hasActiveFilters ? undefined : offersButton,
        }}
      />
    </Stack>
  );
};
