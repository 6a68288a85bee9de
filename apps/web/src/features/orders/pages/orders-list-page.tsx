import {
  ORDER_DATE_RANGE_LABELS,
  ORDER_DATE_RANGES,
  ORDER_ORDERING,
  ORDER_STATUS_FILTER_LABELS,
  ORDER_STATUS_FILTERS,
  type Order,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from '@excursio/contract/orders';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { useGetOrderFilterOptionsQuery, useListOrdersQuery } from '../../../lib/api/orders.api.ts';
import { formatDisplayDate, formatMoney } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { OrderStatusBadge, PaymentStatusBadge } from '../components/order-badges.tsx';
import { orderPath } from '../components/order-paths.ts';

const LIST_SPEC = {
  filters: {
    status: ORDER_STATUS_FILTERS,
    payment_status: PAYMENT_STATUSES,
    date_range: ORDER_DATE_RANGES,
    seller: 'uuid',
    store: 'uuid',
  },
  ordering: ORDER_ORDERING,
} as const;
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** `/orders/list`: every order, newest first, with the specification's filters in the URL. */
export const OrdersListPage = () => {
  const list = useListParams(LIST_SPEC);
  const { data, isFetching, error } = useListOrdersQuery(list.apiQuery, { skip: !list.ready });
  useResetPageOnNotFound(list, error);
  // Sellers are the team members who took an order in the back office; the filter shows once there is one.
  const filterOptions = useGetOrderFilterOptionsQuery().data;
  const sellers = filterOptions?.seller ?? [];
  // The stores the organization sells through; the filter shows once there is one.
  const stores = filterOptions?.store ?? [];

  const columns: Column<Order>[] = [
    {
      key: 'reference',
      header: 'Order',
      sortField: 'number',
      width: 110,
      render: (o) => (
        <Anchor component={Link} to={orderPath(o.id)} fw={600} size="sm">
          {o.reference}
        </Anchor>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {`${o.contact.first_name} ${o.contact.last_name}`.trim() || '—'}
          </Text>
          {o.contact.email ? (
            <Text size="xs" c="dimmed">
              {o.contact.email}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      width: 190,
      render: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(o.created_at)}
        </Text>
      ),
    },
    {
      key: 'total',
      header: 'Total',
      sortField: 'total',
      width: 120,
      align: 'right',
      render: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(o.total, o.currency)}
        </Text>
      ),
    },
    { key: 'payment', header: 'Payment', width: 150, render: (o) => <PaymentStatusBadge status={o.payment_status} /> },
    { key: 'status', header: 'Status', width: 140, render: (o) => <OrderStatusBadge status={o.status} /> },
  ];

  return (
    <Stack gap={0}>
      <PageAction>
        <ExportMenu path="/orders/export/" params={list.apiQuery} disabled={!list.ready} />
      </PageAction>
      <ListToolbar
        list={list}
        searchLabel="Search orders"
        searchPlaceholder="Search by #number, name or email"
        filters={[
          {
            key: 'status',
            label: 'Status',
            options: options(ORDER_STATUS_FILTERS, ORDER_STATUS_FILTER_LABELS),
            kind: 'segmented',
          },
          { key: 'payment_status', label: 'Payment status', options: options(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS) },
          {
            key: 'date_range',
            label: 'Created',
            allLabel: 'All time',
            options: options(ORDER_DATE_RANGES, ORDER_DATE_RANGE_LABELS),
          },
          ...(sellers.length ? [{ key: 'seller', label: 'Seller', options: sellers }] : []),
          ...(stores.length ? [{ key: 'store', label: 'Store', options: stores }] : []),
        ]}
      />
      <DataTable
        label="Orders"
        columns={columns}
        rowKey={(o) => o.id}
        {...listTableProps(list, data, isFetching)}
        empty={{
          message: list.hasActiveFilters
            ? 'No orders match these filters.'
            : 'There are no orders yet. Orders appear here as soon as someone books.',
        }}
      />
    </Stack>
  );
};
