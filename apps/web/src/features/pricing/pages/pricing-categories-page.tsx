import { MESSAGES } from '@excursio/contract/messages';
import { PRICING_CATEGORY_TYPE_LABELS, type PricingCategory } from '@excursio/contract/pricing';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { useDeletePricingCategoryMutation, useListPricingCategoriesQuery } from '../../../lib/api/catalog.api.ts';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { PRICING_CATEGORY_TYPE_OPTIONS, PricingCategoryModal } from '../components/pricing-category-modal.tsx';
import { ageRangeText } from '../components/pricing-text.ts';

/** The label is never cut off: the column grows to fit it. */
const BADGE_STYLES = { label: { overflow: 'visible' } };
const FILTERS = ['type'] as const;

export const PricingCategoriesPage = () => {
  const list = useListParams(FILTERS);
  const { data, isFetching, error } = useListPricingCategoriesQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const [editing, setEditing] = useState<PricingCategory | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PricingCategory | null>(null);
  const [deleteCategory, { isLoading: isDeleting }] = useDeletePricingCategoryMutation();

  const confirmDelete = async () => {
    if (!deleting) return;
    // A category still priced by a rate is refused; the server's reason shows as a toast.
    const result = await deleteCategory(deleting.id);
    if (!result.error) notifySuccess(MESSAGES.deleted);
    setDeleting(null);
  };

  const columns: Column<PricingCategory>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {c.name}
          </Text>
          {c.description ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {c.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      width: 150,
      render: (c) => (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} styles={BADGE_STYLES}>
          {PRICING_CATEGORY_TYPE_LABELS[c.type]}
        </Badge>
      ),
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
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      width: 170,
      render: (c) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(c.created_at)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 90,
      align: 'right',
      render: (c) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <IconButton label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
            <IconPencil size={16} />
          </IconButton>
          <IconButton label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>
            <IconTrash size={16} />
          </IconButton>
        </Group>
      ),
    },
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
        opened={deleting !== null}
        title="Delete pricing category"
        message={
          deleting && deleting.rates_count > 0
            ? `${deleting.name} is priced by ${deleting.rates_count} ${deleting.rates_count === 1 ? 'rate' : 'rates'}. Remove it from those rates first; a category in use cannot be deleted.`
            : `Delete the pricing category ${deleting?.name ?? ''}? This cannot be undone.`
        }
        confirmLabel="Delete"
        loading={isDeleting}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};
