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
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../components/order-badges.tsx';
import { PageAction } from '../../../components/shell/page-action.tsx';
import { useGetOrderFilterOptionsQuery, useListOrdersQuery } from '../../../lib/api/orders.api.ts';
import { formatDisplayDate, formatMoney, formatTime, formatZonedTime } from '../../../lib/format/format.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { orderPath } from '../../../lib/order-paths.ts';
import { useAccess } from '../../../lib/permissions/use-access.ts';
import { BREAKPOINTS } from '../../../lib/theme.ts';

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

/** A moment as its date, and its time below in smaller type (as on the API keys page): a narrow column, no wrapping. */
const Moment = ({ date, time, title }: { date: string; time: string; title?: string }) => (
  <Stack gap={0} title={title} style={{ whiteSpace: 'nowrap' }}>
    <Text size="sm">{date}</Text>
    <Text size="xs" c="dimmed">
      {time}
    </Text>
  </Stack>
);

/** Who sold an order and where: a resale names its reseller (and the reseller's store), never passing for a direct sale. */
const SoldBy = ({ order, clamp }: { order: Order; clamp?: number }) => {
  const s = order.sold_by;
  const who = s?.kind === 'reseller' ? `Resale · ${s.name}` : (s?.name ?? ORDER_CHANNEL_LABELS[order.channel]);
  const where =
    s || order.store
      ? s?.kind === 'reseller'
        ? (s.store ?? 'Back office')
        : (order.store?.name ?? ORDER_CHANNEL_LABELS[order.channel])
      : null;
  // In the table a line each (the whole text in the title); a card shows it all.
  return (
    <Stack gap={0} title={where ? `${who} — ${where}` : who}>
      <Text size="sm" fw={500} lineClamp={clamp} style={{ overflowWrap: 'anywhere' }}>
        {who}
      </Text>
      {where ? (
        <Text size="xs" c="dimmed" lineClamp={clamp} style={{ overflowWrap: 'anywhere' }}>
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
  // The table (from the `tab` breakpoint, as DataTable) cuts long text to its lines; a card shows it whole.
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.tab})`, true, { getInitialValueInEffect: false });
  const line = wide ? 1 : undefined;

  // Widths add up to fit a laptop (`lap`, 1366 px, beside the sidebar): dates and time stacked, the
  // offer and the seller cut to their lines (the whole text in a title), both statuses in one column.
  const columns: Column<Order>[] = [
    {
      key: 'reference',
      header: 'Order',
      sortField: 'number',
      width: 72,
      render: (o) => (
        <Anchor component={Link} to={orderPath(o.id)} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {o.reference}
        </Anchor>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      width: '16%',
      render: (o) => {
        const name = `${o.contact.first_name} ${o.contact.last_name}`.trim() || '—';
        return (
          <Stack gap={0} title={o.contact.email ? `${name} — ${o.contact.email}` : name}>
            <Text size="sm" fw={500} lineClamp={line} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {o.contact.email ? (
              <Text size="xs" c="dimmed" lineClamp={line} style={{ overflowWrap: 'anywhere' }}>
                {o.contact.email}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created_at',
      width: 130,
      render: (o) => <Moment date={formatDisplayDate(o.created_at)} time={formatTime(o.created_at)} />,
    },
    {
      key: 'activity',
      header: 'Activity',
      width: 130,
      render: (o) =>
        o.first_service ? (
          <Moment
            date={formatDisplayDate(o.first_service.local_date)}
            time={formatZonedTime(o.first_service.starts_at, o.first_service.time_zone)}
            title={o.first_service.time_zone}
          />
        ) : (
          '—'
        ),
    },
    {
      key: 'offer',
      header: 'Offer',
      width: '14%',
      render: (o) =>
        o.offer ? (
          <Text
            size="sm"
            lineClamp={wide ? 2 : undefined}
            title={o.offer.more ? `${o.offer.title} + ${o.offer.more} more` : o.offer.title}
            style={{ overflowWrap: 'anywhere' }}
          >
            {o.offer.title}
            {o.offer.more ? <Text span size="xs" c="dimmed">{` + ${o.offer.more} more`}</Text> : null}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'sold', header: 'Sold by', width: '13%', render: (o) => <SoldBy order={o} clamp={line} /> },
    {
      key: 'total',
      header: 'Total',
      sortField: 'total',
      width: 96,
      align: 'right',
      render: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(o.total, o.currency)}
        </Text>
      ),
    },
    {
      // The order's status, and its payment status below it: one column, so the list fits a laptop.
      key: 'status',
      header: 'Status · Payment',
      width: 150,
      render: (o) => (
        <Stack gap={4} align="flex-start">
          <OrderStatusBadge status={o.status} />
          <PaymentStatusBadge status={o.payment_status} />
        </Stack>
      ),
    },
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
        dense
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
