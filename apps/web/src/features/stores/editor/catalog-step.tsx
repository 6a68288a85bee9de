import { STORE_OWNERSHIP_LABELS, STORE_OWNERSHIPS, type Store, type StoreExperience } from '@excursio/contract/stores';
import { Alert, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { capitalise } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddStoreExperienceMutation, useListEligibleExperiencesQuery } from '../api.ts';
import { DISTANCE_KEYS, DistanceFilter } from './distance-filter.tsx';
import { distanceColumns, OfferCell, OwnerCell, TYPE_OPTIONS } from './offer-cells.tsx';

const FILTERS = ['ownership', 'type', ...DISTANCE_KEYS] as const;
/** Specification §9: the marketplace filter is All, Internal, External. */
const MARKETPLACE_OPTIONS = STORE_OWNERSHIPS.map((value) => ({ value, label: STORE_OWNERSHIP_LABELS[value] }));

/** The Global catalog tab: offers that can be added to the store (not in it yet), one "Add" each. */
export const CatalogStep = ({ store }: { store: Store }) => {
  const list = useListParams(FILTERS);
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
        Internal offers are your organization’s own offers that are not in this store yet; only offers priced in {store.currency}{' '}
        can be added. External offers — your partners’ offers, to resell — appear here once partnerships exist; the Partners
        feature is not built yet.
      </Alert>
      <Stack gap={0}>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <ListToolbar
            list={list}
            searchLabel="Search the catalog"
            searchPlaceholder="Search by title or city"
            filters={[
              { key: 'ownership', label: 'Marketplace', options: MARKETPLACE_OPTIONS, kind: 'segmented' },
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
              : 'Every offer you have is in this store already, or you have no offers yet.',
          }}
        />
      </Stack>
    </Stack>
  );
};
