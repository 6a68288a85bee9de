import { QR_CODE_ORDERING, QR_CODE_TYPE_LABELS, QR_CODE_TYPES, type QrCode } from '@excursio/contract/qr-codes';
import { groupShortCode } from '@excursio/contract/tickets';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog.tsx';
import type { Column } from '../../../components/data-table/data-table.tsx';
import { ListPage, rowActionsColumn, useListPage } from '../../../components/list-page/list-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useDeleteQrCodeMutation, useDownloadQrImageMutation, useListQrCodesQuery } from '../api.ts';
import { QrCodeDrawer } from '../components/qr-code-drawer.tsx';
import { QrCodeFormModal } from '../components/qr-code-form-modal.tsx';

const LIST_SPEC = { filters: { type: QR_CODE_TYPES }, ordering: QR_CODE_ORDERING } as const;
const TYPE_OPTIONS = QR_CODE_TYPES.map((value) => ({ value, label: QR_CODE_TYPE_LABELS[value] }));
const TYPE_COLORS = { store: 'blue', offer: 'violet', ticket: 'gray' } as const;

const EMPTY_TEXT =
  'There are no QR codes yet. Print one on a poster or a flyer: whoever scans it lands in your store, or straight on an ' +
  'offer’s booking page, and you see how often it was scanned. Booking tickets appear here as they are issued.';

/** What a code leads to, in a few words. */
const targetText = (c: QrCode) => {
  if (c.booking) return `${c.booking.order_reference} · ${c.booking.experience_title}`;
  if (c.type === 'offer') return c.experience?.title ?? 'Offer deleted';
  return c.store?.name ?? 'Store deleted';
};

/** `/sales/qr-codes`: links to print and the bookings' tickets, with type filter, search, sorting and paging in the URL. */
export const QrCodesPage = () => {
  const { list, data, isFetching } = useListPage(LIST_SPEC, useListQrCodesQuery, { refetchOnMount: true });
  const [editing, setEditing] = useState<QrCode | null | undefined>(undefined);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = data?.results.find((c) => c.id === openId) ?? null;
  const [remove] = useDeleteQrCodeMutation();
  const deletion = useConfirmDelete<QrCode>(remove);
  const [download] = useDownloadQrImageMutation();

  const columns: Column<QrCode>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      width: 240,
      render: (c) => (
        <UnstyledButton onClick={() => setOpenId(c.id)} aria-label={`Open ${c.name}`}>
          <Stack gap={0} miw={170}>
            <Text size="sm" fw={600} c="var(--mantine-primary-color-filled)">
              {c.name || 'QR code'}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {groupShortCode(c.code)}
            </Text>
          </Stack>
        </UnstyledButton>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      width: 130,
      render: (c) => <StatusBadge color={TYPE_COLORS[c.type]}>{QR_CODE_TYPE_LABELS[c.type]}</StatusBadge>,
    },
    {
      key: 'target',
      header: 'Leads to',
      render: (c) => (
        <Group gap={6} wrap="nowrap">
          {c.target_problem ? (
            <IconAlertTriangle
              size={16}
              color="var(--mantine-color-orange-7)"
              aria-label={c.target_problem}
              style={{ flex: 'none' }}
            />
          ) : null}
          <Text size="sm" truncate maw={180}>
            {targetText(c)}
          </Text>
        </Group>
      ),
    },
    {
      // One column for the count and the last scan (a ticket: its check-in): the list fits a laptop.
      key: 'scans',
      header: 'Scans',
      sortField: 'scans',
      width: 150,
      render: (c) =>
        c.type === 'ticket' ? (
          <Stack gap={0}>
            <Text size="sm" data-testid="scan-count">
              —
            </Text>
            <Text size="xs" c="dimmed">
              {c.checked_in_at ? `Checked in ${formatDisplayDate(c.checked_in_at)}` : 'Not checked in'}
            </Text>
          </Stack>
        ) : (
          <Stack gap={0}>
            <Text size="sm" data-testid="scan-count">
              {c.scans}
            </Text>
            <Text size="xs" c="dimmed">
              {c.last_scanned_at ? `Last ${formatDisplayDate(c.last_scanned_at)}` : 'Not scanned yet'}
            </Text>
          </Stack>
        ),
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      width: 130,
      card: 'hidden',
      render: (c) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(c.created_at)}
        </Text>
      ),
    },
    rowActionsColumn<QrCode>(
      (c) => c.name,
      [
        { label: 'Open', icon: <IconEye size={15} />, onClick: (c) => setOpenId(c.id) },
        { label: 'Download PNG', icon: <IconDownload size={15} />, onClick: (c) => download({ id: c.id, format: 'png' }) },
        { label: 'Download SVG', icon: <IconDownload size={15} />, onClick: (c) => download({ id: c.id, format: 'svg' }) },
        { label: 'Edit', icon: <IconPencil size={15} />, onClick: (c) => setEditing(c), hidden: (c) => c.type === 'ticket' },
        {
          label: 'Delete',
          icon: <IconTrash size={15} />,
          danger: true,
          onClick: (c: QrCode) => deletion.ask(c),
          hidden: (c) => c.type === 'ticket',
        },
      ],
    ),
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      New QR code
    </Button>
  );

  return (
    <ListPage
      list={list}
      data={data}
      isFetching={isFetching}
      label="QR codes"
      search={{ label: 'Search QR codes', placeholder: 'Search by name, code, store or offer' }}
      filters={[{ key: 'type', label: 'Type', options: TYPE_OPTIONS, kind: 'segmented' }]}
      columns={columns}
      rowKey={(c) => c.id}
      action={createButton}
      emptyText={EMPTY_TEXT}
      noMatchText="No QR codes match these filters."
    >
      <QrCodeDrawer
        code={opened}
        onClose={() => setOpenId(null)}
        onEdit={(c) => setEditing(c)}
        onDelete={(c) => {
          setOpenId(null);
          deletion.ask(c);
        }}
      />
      <QrCodeFormModal code={editing ?? undefined} opened={editing !== undefined} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete QR code"
        message={`Delete ${deletion.target?.name ?? ''}? Its address stops working at once: printed copies lead nowhere.`}
        confirmLabel="Delete"
      />
    </ListPage>
  );
};
