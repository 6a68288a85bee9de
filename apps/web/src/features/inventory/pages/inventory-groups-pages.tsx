import { INVENTORY_GROUP_ORDERING } from '@excursio/contract/inventory';
import {
  useCreateInventoryCategoryMutation,
  useCreateInventoryTagMutation,
  useDeleteInventoryCategoryMutation,
  useDeleteInventoryTagMutation,
  useListInventoryCategoriesQuery,
  useListInventoryTagsQuery,
  useUpdateInventoryCategoryMutation,
  useUpdateInventoryTagMutation,
} from '../../../lib/api/catalog.api.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { type GroupKind, GroupList } from '../components/group-list.tsx';

const CATEGORY: GroupKind = {
  singular: 'category',
  plural: 'categories',
  withDescription: true,
  emptyMessage: 'There are no inventory categories yet. Categories sort your items, for example Diving gear or Snacks.',
};
const TAG: GroupKind = {
  singular: 'tag',
  plural: 'tags',
  withDescription: false,
  emptyMessage: 'There are no inventory tags yet. Tags label items across categories, for example Summer or Kids.',
};

export const InventoryCategoriesPage = () => {
  const list = useListParams({ ordering: INVENTORY_GROUP_ORDERING });
  const { data, isFetching, error } = useListInventoryCategoriesQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [create] = useCreateInventoryCategoryMutation();
  const [update] = useUpdateInventoryCategoryMutation();
  const [remove] = useDeleteInventoryCategoryMutation();
  return (
    <GroupList
      kind={CATEGORY}
      list={list}
      data={data}
      fetching={isFetching}
      create={(body) => create(body)}
      update={(id, body) => update({ id, ...body })}
      remove={(id) => remove(id)}
    />
  );
};

export const InventoryTagsPage = () => {
  const list = useListParams({ ordering: INVENTORY_GROUP_ORDERING });
  const { data, isFetching, error } = useListInventoryTagsQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [create] = useCreateInventoryTagMutation();
  const [update] = useUpdateInventoryTagMutation();
  const [remove] = useDeleteInventoryTagMutation();
  return (
    <GroupList
      kind={TAG}
      list={list}
      data={data}
      fetching={isFetching}
      create={({ name }) => create({ name })}
      update={(id, { name }) => update({ id, name })}
      remove={(id) => remove(id)}
    />
  );
};
