import { ORDER_STATUS_LABELS, type OrderStatus, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@excursio/contract/orders';
import {
  RESALE_DATE_RANGE_LABELS,
  RESALE_DATE_RANGES,
  RESALE_ORDERING,
  RESALE_SIDE_LABELS,
  RESALE_SIDES,
  type Resale,
} from '@excursio/contract/partners';
import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ExportMenu } from '../../../components/export-menu.tsx';
import type { ListFilter } from '../../../components/list-toolbar/list-toolbar.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/order-badges.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { formatDisplayDate } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { useGetResaleFilterOptionsQuery, useListResalesQuery } from '../api.ts';
import { CommissionCell, GrossCell, Money, PartnerCell, SideBadge } from '../components/resale-cells.tsx';
import { ResaleDrawer } from '../components/resale-drawer.tsx';

const LIST_SPEC = {
  filters: {
    side: RESALE_SIDES,
    partner: 'uuid' as const,
    status: Object.keys(ORDER_STATUS_LABELS),
    payment_status: Object.keys(PAYMENT_STATUS_LABELS),
    date_range: RESALE_DATE_RANGES,
  },
  ordering: RESALE_ORDERING,
};
const pairs = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The filters: the API's options (its partners) once loaded, the contract's values until then. */
const useResaleFilters = (): ListFilter[] => {
  const options = useGetResaleFilterOptionsQuery().data;
  const statuses = (options?.status ?? Object.keys(ORDER_STATUS_LABELS)) as OrderStatus[];
  const payments = (options?.payment_status ?? Object.keys(PAYMENT_STATUS_LABELS)) as PaymentStatus[];
  const partners = options?.partner ?? [];
  return [
    { key: 'side', label: 'Side', width: 290, options: options?.side ?? pairs(RESALE_SIDES, RESALE_SIDE_LABELS) },
    ...(partners.length ? [{ key: 'partner', label: 'Partner', options: partners }] : []),
    { key: 'status', label: 'Status', options: statuses.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] ?? value })) },
    {
      key: 'payment_status',
      label: 'Payment',
      options: payments.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] ?? value })),
    },
    {
      key: 'date_range',
      label: 'Created',
      allLabel: 'All time',
      options: options?.date_range ?? pairs(RESALE_DATE_RANGES, RESALE_DATE_RANGE_LABELS),
    },
  ];
};

/**
 * `/resales/overview`: sales made through partnerships from both sides — what we sold of our
 * suppliers' offers (as reseller) and what resellers sold of ours — with the commission and who
 * owes whom. A row's reference opens its details.
 */
export const ResalesPage = () => {
  const list = useListParams(LIST_SPEC);
  // Resales are made by the other side too: read them afresh on every visit.
  const { data, isFetching, error } = useListResalesQuery(list.apiQuery, { skip: !list.ready, refetchOnMountOrArgChange: true });
  useResetPageOnNotFound(list, error);
  const filters = useResaleFilters();
  // The opened row, refreshed from the list while it is on the page (kept when a refetch drops it).
  const [openRow, setOpenRow] = useState<Resale | null>(null);
  const opened = openRow ? (data?.results.find((r) => r.id === openRow.id) ?? openRow) : null;

  // Seven columns that fit beside the sidebar: the date and the side under the reference, the offers
  // under the partner, the payment under the status.
  const columns: Column<Resale>[] = [
    {
      key: 'reference',
      header: 'Sale',
      sortField: 'created_at',
      width: 160,
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <Anchor
            component="button"
            type="button"
            fw={600}
            size="sm"
            ta="left"
            onClick={() => setOpenRow(r)}
            aria-label={`Open resale ${r.reference}`}
          >
            {r.reference}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDisplayDate(r.created_at)}
          </Text>
          <SideBadge side={r.side} />
        </Stack>
      ),
    },
    { key: 'partner', header: 'Partner', render: (r) => <PartnerCell r={r} /> },
    {
      key: 'status',
      header: 'Status',
      width: 130,
      render: (r) => (
        <Stack gap={4} align="flex-start">
          <OrderStatusBadge status={r.status} />
          <PaymentStatusBadge status={r.payment_status} />
        </Stack>
      ),
    },
    // Sorted by the order's total now (the API's `total`): the gross unless lines were canceled since.
    { key: 'gross', header: 'Gross', sortField: 'total', width: 110, align: 'right', render: (r) => <GrossCell r={r} /> },
    {
      key: 'commission',
      header: 'Commission',
      sortField: 'commission',
      width: 120,
      align: 'right',
      render: (r) => <CommissionCell r={r} />,
    },
    { key: 'net', header: 'Net', width: 100, align: 'right', render: (r) => <Money minor={r.net} currency={r.currency} /> },
    {
      key: 'settlement',
      header: 'Settlement',
      render: (r) => (
        <Text size="xs" maw={200}>
          {r.settlement.label}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap={0}>
      <PageAction>
        <ExportMenu path="/resales/export/" params={list.apiQuery} disabled={!list.ready} />
      </PageAction>
      <ListToolbar
        list={list}
        searchLabel="Search resales"
        searchPlaceholder="Search by #number, offer or name"
        filters={filters}
      />
      <DataTable
        label="Resales"
        columns={columns}
        rowKey={(r) => r.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters
            ? 'No resales match these filters.'
            : 'No resales yet. Sales of your offers by your resellers, and your sales of your suppliers’ offers, appear here.',
        }}
      />
      <ResaleDrawer resale={opened} onClose={() => setOpenRow(null)} />
    </Stack>
  );
};
