import { PRICING_CATEGORY_ORDERING, PRICING_CATEGORY_TYPE_LABELS, type PricingCategory } from '@excursio/contract/pricing';
import { Box, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import { CellBadge, createdColumn, editDeleteColumn, NameCell } from '../../../components/data-table/cells.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PRICING_CATEGORY_TYPE_OPTIONS } from '../../../components/pricing-category-modal/pricing-category-form.ts';
import { PricingCategoryModal } from '../../../components/pricing-category-modal/pricing-category-modal.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { useDeletePricingCategoryMutation, useListPricingCategoriesQuery } from '../../../lib/api/catalog.api.ts';
import { optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { ageRangeText } from '../components/pricing-text.ts';

const LIST_SPEC = {
  filters: { type: optionValues(PRICING_CATEGORY_TYPE_OPTIONS) },
  ordering: PRICING_CATEGORY_ORDERING,
} as const;

export const PricingCategoriesPage = () => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListPricingCategoriesQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [editing, setEditing] = useState<PricingCategory | null | undefined>(undefined);
  const [deleteCategory] = useDeletePricingCategoryMutation();
  // A category still priced by a rate is refused; the server's reason shows as a toast.
  const deletion = useConfirmDelete<PricingCategory>(deleteCategory);
  const deleting = deletion.target;

  const columns: Column<PricingCategory>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (c) => <NameCell name={c.name} description={c.description} />,
    },
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      width: 150,
      render: (c) => <CellBadge>{PRICING_CATEGORY_TYPE_LABELS[c.type]}</CellBadge>,
    },
    {
      key: 'age',
      header: 'Age range',
      sortField: 'min_age',
      width: 140,
      render: (c) => (
        <Text size="sm" c={c.min_age === null && c.max_age === null ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {ageRangeText(c.min_age, c.max_age)}
        </Text>
      ),
    },
    {
      key: 'rates',
      header: 'Rates',
      width: 130,
      render: (c) => <Text size="sm">{c.rates_count}</Text>,
    },
    createdColumn<PricingCategory>(),
    editDeleteColumn<PricingCategory>(setEditing, deletion.ask),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} aria-label="New pricing category">
      New
      <Box component="span" visibleFrom="sm">
        &nbsp;pricing category
      </Box>
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageAction>{createButton}</PageAction>
      <ListToolbar
        list={list}
        searchLabel="Search pricing categories"
        searchPlaceholder="Search by name"
        filters={[{ key: 'type', label: 'Type', options: PRICING_CATEGORY_TYPE_OPTIONS }]}
      />
      <DataTable
        label="Pricing categories"
        columns={columns}
        rowKey={(c) => c.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters
            ? 'No pricing categories match these filters.'
            : 'There are no pricing categories yet. Add one for each kind of guest or extra you price, such as Adult or Child.',
          action: list.hasActiveFilters ? undefined : createButton,
        }}
      />
      <PricingCategoryModal category={editing} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete pricing category"
        message={
          deleting && deleting.rates_count > 0
            ? `${deleting.name} is priced by ${deleting.rates_count} ${deleting.rates_count === 1 ? 'rate' : 'rates'}. Remove it from those rates first; a category in use cannot be deleted.`
            : `Delete the pricing category ${deleting?.name ?? ''}? This cannot be undone.`
        }
        confirmLabel="Delete"
      />
    </Stack>
  );
};
