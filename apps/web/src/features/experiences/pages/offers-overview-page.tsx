import {
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_ORDERING,
  EXPERIENCE_TYPE_LABELS,
  type ExperienceListItem,
} from '@excursio/contract/experiences';
import { MESSAGES } from '@excursio/contract/messages';
import { Anchor, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, IconButton } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import { createdColumn } from '../../../components/data-table/cells.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import {
  useDeleteExperienceMutation,
  useDuplicateExperienceMutation,
  useListExperiencesQuery,
} from '../../../lib/api/catalog.api.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import { optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { NewOfferModal, TYPE_OPTIONS } from '../components/new-offer-modal.tsx';
import { OfferStatusBadge, STATUS_OPTIONS } from '../components/offer-status-badge.tsx';
import { OfferThumbnail } from '../components/offer-thumbnail.tsx';
import { editorPath } from '../editor/editor-footer.tsx';
import { viewPath } from '../editor/editor-rules.ts';

const LIST_SPEC = {
  filters: { status: optionValues(STATUS_OPTIONS), type: optionValues(TYPE_OPTIONS) },
  ordering: EXPERIENCE_ORDERING,
} as const;
const editorLink = (id: string) => editorPath(id, 'basic-info');
const categoryLabel = (value: string) => EXPERIENCE_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/** The offers overview (Catalog tab): search, status and type filters, sortable columns, paging in the URL. */
export const OffersOverviewPage = () => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListExperiencesQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  const canManage = useAccess().can(['Manage experiences']);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [duplicate] = useDuplicateExperienceMutation();
  const [remove] = useDeleteExperienceMutation();
  const deletion = useConfirmDelete<ExperienceListItem>(remove);
  const deleting = deletion.target;

  const copy = async (offer: ExperienceListItem) => {
    const result = await duplicate(offer.id);
    if (result.error) return;
    // Specification §2: after a copy the user is on the overview — here already; the list refetches with the copy.
    notifySuccess(MESSAGES.experienceCopied);
  };

  const actionsColumn: Column<ExperienceListItem> = {
    key: 'actions',
    header: '',
    width: 48,
    align: 'right',
    render: (o) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <IconButton label={`Actions for ${o.title}`}>
            <IconDots size={16} />
          </IconButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={15} />} onClick={() => navigate(editorLink(o.id))}>
            Edit
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={15} />} onClick={() => copy(o)}>
            Duplicate
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={15} />} onClick={() => deletion.ask(o)}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    ),
  };

  const columns: Column<ExperienceListItem>[] = [
    {
      key: 'title',
      header: 'Offer',
      sortField: 'title',
      render: (o) => (
        <Group gap="sm" wrap="nowrap" miw={{ base: 0, sm: 220 }}>
          <OfferThumbnail url={o.thumbnail_url} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            {/* Who may change offers opens the editor; who may only view them, the read-only offer. */}
            <Anchor
              component={Link}
              to={canManage ? editorLink(o.id) : viewPath(o.id)}
              size="sm"
              fw={500}
              c="inherit"
              lineClamp={2}
            >
              {o.title}
            </Anchor>
            {o.city || o.category ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {[o.city, categoryLabel(o.category)].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
          </Stack>
        </Group>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      render: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {EXPERIENCE_TYPE_LABELS[o.type]}
        </Text>
      ),
      width: 140,
    },
    { key: 'status', header: 'Status', sortField: 'status', render: (o) => <OfferStatusBadge status={o.status} />, width: 136 },
    {
      key: 'price',
      header: 'From',
      render: (o) =>
        o.from_price === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={0}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(o.from_price, o.currency)}
            </Text>
            {o.from_price_category ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                per {o.from_price_category}
              </Text>
            ) : null}
          </Stack>
        ),
      align: 'right',
      width: 120,
    },
    createdColumn<ExperienceListItem>(160),
    // Every action changes the offer: a role that cannot change offers gets no menu at all.
    ...(canManage ? [actionsColumn] : []),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New offer
    </Button>
  );

  return (
    <Stack gap={0}>
      {canManage ? <PageAction>{createButton}</PageAction> : null}
      <ListToolbar
        list={list}
        searchLabel="Search offers"
        searchPlaceholder="Search by title, city or category"
        filters={[
          { key: 'status', label: 'Status', options: STATUS_OPTIONS, kind: 'segmented' },
          { key: 'type', label: 'Type', options: TYPE_OPTIONS },
        ]}
      />
      <DataTable
        label="Offers"
        columns={columns}
        rowKey={(o) => o.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters
            ? 'No offers match these filters.'
            : canManage
              ? 'You have no offers yet. Create your first offer to start selling.'
              : 'There are no offers yet.',
          action: list.hasActiveFilters || !canManage ? undefined : createButton,
        }}
      />
      {canManage ? <NewOfferModal opened={creating} onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete offer"
        message={`Delete the offer ${deleting?.title ?? ''}? Its rates, schedule and images go with it. This cannot be undone.`}
        confirmLabel="Delete"
      />
    </Stack>
  );
};
