import { INVENTORY_ITEM_ORDERING, INVENTORY_ITEM_TYPE_LABELS, type InventoryItem } from '@excursio/contract/inventory';
import { MESSAGES } from '@excursio/contract/messages';
import { Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import { CellBadge, editDeleteColumn } from '../../../components/data-table/cells.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import {
  useDeleteInventoryItemMutation,
  useListInventoryCategoriesQuery,
  useListInventoryItemsQuery,
  useUpdateInventoryItemMutation,
} from '../../../lib/api/catalog.api.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import { optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { INVENTORY_TYPE_OPTIONS } from '../components/item-form.ts';
import { ItemFormModal } from '../components/item-form-modal.tsx';

const LIST_SPEC = {
  filters: { type: optionValues(INVENTORY_TYPE_OPTIONS), is_active: ['true', 'false'], category: 'uuid' },
  ordering: INVENTORY_ITEM_ORDERING,
} as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** The row's active switch: flips at once, saves with PATCH, and flips back if the save fails. */
const ActiveSwitch = ({ item }: { item: InventoryItem }) => {
  const [update, { isLoading }] = useUpdateInventoryItemMutation();
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? item.is_active;
  const toggle = async (next: boolean) => {
    setPending(next);
    const result = await update({ id: item.id, is_active: next });
    setPending(null);
    if (!result.error) notifySuccess(MESSAGES.updated);
  };
  return (
    <Switch
      aria-label={`Active: ${item.name}`}
      checked={checked}
      disabled={isLoading}
      onChange={(event) => toggle(event.currentTarget.checked)}
      color="green"
    />
  );
};

export const InventoryItemsPage = () => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListInventoryItemsQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const { data: categories } = useListInventoryCategoriesQuery({ page: 1, page_size: 100, ordering: 'name' });
  const categoryOptions = useMemo(() => (categories?.results ?? []).map((c) => ({ value: c.id, label: c.name })), [categories]);
  const [editing, setEditing] = useState<InventoryItem | null | undefined>(undefined);
  const [deleteItem] = useDeleteInventoryItemMutation();
  const deletion = useConfirmDelete<InventoryItem>(deleteItem);

  const columns: Column<InventoryItem>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (i) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {i.name}
          </Text>
          {i.sku ? (
            <Text size="xs" c="dimmed">
              SKU {i.sku}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      width: 120,
      render: (i) => <CellBadge>{INVENTORY_ITEM_TYPE_LABELS[i.type]}</CellBadge>,
    },
    {
      key: 'category',
      header: 'Category',
      render: (i) => (
        <Text size="sm" c={i.category ? undefined : 'dimmed'}>
          {i.category?.name ?? '—'}
        </Text>
      ),
    },
    {
      key: 'tags',
      header: 'Tags',
      render: (i) =>
        i.tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Group gap={4}>
            {i.tags.map((t) => (
              <CellBadge key={t.id} size="sm" variant="outline">
                {t.name}
              </CellBadge>
            ))}
          </Group>
        ),
    },
    {
      key: 'stock',
      header: 'Stock',
      sortField: 'stock_quantity',
      width: 90,
      align: 'right',
      render: (i) => (
        <Text size="sm" c={i.stock_quantity === 0 ? 'orange' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {i.stock_quantity}
        </Text>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      sortField: 'price',
      width: 110,
      align: 'right',
      render: (i) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(i.price, i.currency)}
        </Text>
      ),
    },
    { key: 'active', header: 'Active', width: 80, render: (i) => <ActiveSwitch item={i} /> },
    editDeleteColumn<InventoryItem>(setEditing, deletion.ask),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      New item
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageAction>{createButton}</PageAction>
      <ListToolbar
        list={list}
        searchLabel="Search inventory items"
        searchPlaceholder="Search by name or SKU"
        filters={[
          { key: 'type', label: 'Type', options: INVENTORY_TYPE_OPTIONS, kind: 'segmented' },
          { key: 'is_active', label: 'Active', options: ACTIVE_OPTIONS, kind: 'segmented' },
          { key: 'category', label: 'Category', options: categoryOptions },
        ]}
      />
      <DataTable
        label="Inventory items"
        columns={columns}
        rowKey={(i) => i.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters
            ? 'No items match these filters.'
            : 'There are no inventory items yet. Add the equipment, extras and packages you offer with your experiences.',
          action: list.hasActiveFilters ? undefined : createButton,
        }}
      />
      <ItemFormModal item={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete item"
        message={`Delete the item ${deletion.target?.name ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
};
