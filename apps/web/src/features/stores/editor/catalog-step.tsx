import {
  STORE_EXPERIENCE_ORDERING,
  STORE_OWNERSHIP_LABELS,
  STORE_OWNERSHIPS,
  type Store,
  type StoreExperience,
} from '@excursio/contract/stores';
import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { useListPartnersQuery } from '../../../lib/api/partners.api.ts';
import { capitalise } from '../../../lib/format/format.ts';
import { PARTNERS_PATH } from '../../../lib/format/partner-format.ts';
import { optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { useAddStoreExperienceMutation, useListEligibleExperiencesQuery } from '../api.ts';
import { DISTANCE_SPEC, DistanceFilter } from './distance-filter.tsx';
import { distanceColumns, OfferCell, OwnerCell, TYPE_OPTIONS } from './offer-cells.tsx';

const LIST_SPEC = {
  filters: { ownership: STORE_OWNERSHIPS, supplier: 'uuid', type: optionValues(TYPE_OPTIONS), ...DISTANCE_SPEC },
  ordering: STORE_EXPERIENCE_ORDERING,
} as const;
/** Specification §9: the marketplace filter is All, Internal, External. */
const MARKETPLACE_OPTIONS = STORE_OWNERSHIPS.map((value) => ({ value, label: STORE_OWNERSHIP_LABELS[value] }));

/** Our active suppliers, for the Supplier filter (none asked for on a plan without partners). */
const useSupplierOptions = () => {
  const { hasFeature } = useAccess();
  const suppliers = useListPartnersQuery(
    { type: 'suppliers', status: 'active', page: 1, page_size: 50 },
    { skip: !hasFeature(['partners']) },
  );
  return (suppliers.data?.results ?? []).flatMap((p) => (p.partner ? [{ value: p.partner.id, label: p.partner.name }] : []));
};

/**
 * The Global catalog tab: offers that can be added to the store (not in it yet), one "Add" each —
 * our own (Internal) and those our suppliers share with us (External), filterable by supplier.
 */
export const CatalogStep = ({ store }: { store: Store }) => {
  const list = useListParams(LIST_SPEC);
  const suppliers = useSupplierOptions();
  const { data, isFetching, error } = useListEligibleExperiencesQuery(
    { storeId: store.id, params: list.apiQuery },
    { skip: !list.ready },
  );
  useResetPageOnNotFound(list, error);
  const [add] = useAddStoreExperienceMutation();
  const [adding, setAdding] = useState<string | null>(null);

  const addOffer = async (offer: StoreExperience) => {
    setAdding(offer.id);
    // An offer in another currency is refused (409 currency_mismatch); the request layer toasts why.
    const result = await add({ storeId: store.id, experience_id: offer.id });
    setAdding(null);
    if (!result.error) notifySuccess(`${offer.title} was added to ${store.name}.`);
  };

  const columns: Column<StoreExperience>[] = [
    { key: 'offer', header: 'Offer', sortField: 'title', render: (o) => <OfferCell offer={o} /> },
    { key: 'owner', header: 'Owner', width: 140, render: (o) => <OwnerCell offer={o} /> },
    { key: 'category', header: 'Category', width: 160, render: (o) => (o.category ? capitalise(o.category) : '—') },
    ...distanceColumns(Boolean(list.filters.lat)),
    {
      key: 'actions',
      header: '',
      width: 100,
      align: 'right',
      render: (o) => (
        <Button
          size="xs"
          variant="secondary"
          leftSection={<IconPlus size={14} />}
          loading={adding === o.id}
          disabled={adding !== null && adding !== o.id}
          onClick={() => addOffer(o)}
          aria-label={`Add ${o.title}`}
        >
          Add
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" title="Where these offers come from">
        Internal offers are your organization’s own offers that are not in this store yet. External offers are the Active offers
        your suppliers share with you, to resell on the terms of your partnership; they appear here while the partnership is
        active (see{' '}
        <Anchor component={Link} to={PARTNERS_PATH} inherit>
          Partners
        </Anchor>
        ). Only offers priced in {store.currency} can be added.
      </Alert>
      <Stack gap={0}>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <ListToolbar
            list={list}
            searchLabel="Search the catalog"
            searchPlaceholder="Search by title or city"
            filters={[
              { key: 'ownership', label: 'Marketplace', options: MARKETPLACE_OPTIONS, kind: 'segmented' },
              ...(suppliers.length ? [{ key: 'supplier', label: 'Supplier', width: 260, options: suppliers }] : []),
              { key: 'type', label: 'Type', options: TYPE_OPTIONS },
            ]}
          />
          <DistanceFilter list={list} />
        </Group>
        <DataTable
          label="Offers to add"
          columns={columns}
          rowKey={(o) => o.id}
          {...listTableProps(list, data, isFetching)}
          empty={{
            message: list.hasActiveFilters
              ? 'No offers match these filters.'
              : 'Every offer you may sell is in this store already: your own, and those your suppliers share with you.',
          }}
        />
      </Stack>
    </Stack>
  );
};
