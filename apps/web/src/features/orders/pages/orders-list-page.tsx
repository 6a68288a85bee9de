import {
  ORDER_CHANNEL_LABELS,
  ORDER_DATE_RANGE_LABELS,
  ORDER_DATE_RANGES,
  ORDER_ORDERING,
  ORDER_STATUS_FILTER_LABELS,
  ORDER_STATUS_FILTERS,
  type Order,
  PAYMENT_STATUS_FILTERS,
  PAYMENT_STATUS_LABELS,
} from '@excursio/contract/orders';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/order-badges.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { useGetOrderFilterOptionsQuery, useListOrdersQuery } from '../../../lib/api/orders.api.ts';
import { formatDisplayDate, formatMoney, formatZonedDateTime } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { orderPath } from '../../../lib/order-paths.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';

const LIST_SPEC = {
  filters: {
    status: ORDER_STATUS_FILTERS,
    payment_status: PAYMENT_STATUS_FILTERS,
    date_range: ORDER_DATE_RANGES,
    seller: 'uuid',
    store: 'uuid',
  },
  ordering: ORDER_ORDERING,
} as const;
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Who sold an order and where: a resale names its reseller (and the reseller's store), never passing for a direct sale. */
const SoldBy = ({ order }: { order: Order }) => {
  const s = order.sold_by;
  const where = s?.kind === 'reseller' ? (s.store ?? 'Back office') : (order.store?.name ?? ORDER_CHANNEL_LABELS[order.channel]);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} lineClamp={1}>
        {s?.kind === 'reseller' ? `Resale · ${s.name}` : (s?.name ?? ORDER_CHANNEL_LABELS[order.channel])}
      </Text>
      {s || order.store ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {where}
        </Text>
      ) : null}
    </Stack>
  );
};

/** `/orders/list`: every order, newest first, with the specification's filters in the URL. */
export const OrdersListPage = () => {
  const list = useListParams(LIST_SPEC);
  const affiliate = useAccess().user?.base_account.type === 'affiliate';
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
      width: 150,
      render: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDisplayDate(o.created_at)}
        </Text>
      ),
    },
    {
      key: 'activity',
      header: 'Activity',
      width: 150,
      render: (o) =>
        o.first_service ? (
          <Stack gap={0} title={o.first_service.time_zone}>
            <Text size="sm">{formatDisplayDate(o.first_service.local_date)}</Text>
            <Text size="xs" c="dimmed">
              {formatZonedDateTime(o.first_service.starts_at, o.first_service.time_zone).split(', ').at(-1)}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      key: 'offer',
      header: 'Offer',
      width: 180,
      render: (o) =>
        o.offer ? (
          <Text size="sm" lineClamp={2}>
            {o.offer.title}
            {o.offer.more ? <Text span size="xs" c="dimmed">{` + ${o.offer.more} more`}</Text> : null}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'sold', header: 'Sold by', width: 170, render: (o) => <SoldBy order={o} /> },
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
        <ExportMenu
          path="/orders/export/"
          params={list.apiQuery}
          disabled={!list.ready}
          more={[{ title: 'Order lines', path: '/orders/export/lines/' }]}
        />
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
          {
            key: 'payment_status',
            label: 'Payment status',
            options: options(PAYMENT_STATUS_FILTERS, PAYMENT_STATUS_LABELS),
            // Room for the longest value ('Partially refunded') beside the label.
            width: 300,
          },
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
        empty={
          list.hasActiveFilters
            ? { message: 'No orders match these filters.' }
            : affiliate
              ? {
                  // A resale is the supplier's order: the affiliate finds its sales under Resales.
                  message:
                    'Your resales are not listed here: a partner’s offer sold in your store is an order of that supplier. ' +
                    'Find your sales and commissions under Resales.',
                  action: (
                    <Button component={Link} to="/resales/overview" variant="secondary">
                      Go to Resales
                    </Button>
                  ),
                }
              : { message: 'There are no orders yet. Orders appear here as soon as someone books.' }
        }
      />
    </Stack>
  );
};
