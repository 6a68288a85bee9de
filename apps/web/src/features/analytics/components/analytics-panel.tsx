import {
  ANALYTICS_GROUP_LABELS,
  ANALYTICS_GROUPS,
  ANALYTICS_ORDERING,
  type AnalyticsFigures,
  type AnalyticsGroup,
  type AnalyticsRow,
} from '@excursio/contract/analytics';
import { Alert, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { type Column, DataTable, listTableProps } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/list-toolbar/list-toolbar.tsx';
import { errorMessages } from '../../../lib/api/errors.ts';
import { formatMoney } from '../../../lib/format/format.ts';
import { optionValues } from '../../../lib/list/list-params.ts';
import { useListParams, useResetPageOnNotFound } from '../../../lib/list/use-list-params.ts';
import { useAnalyticsQuery, useAnalyticsTimelineQuery, useDownloadAnalyticsCsvMutation } from '../api.ts';
import { BreakdownCharts, TimelineCharts } from './analytics-charts.tsx';
import { DEFAULT_RANGE, RANGE_OPTIONS, rangeDates } from './analytics-range.ts';

const LIST_SPEC = {
  filters: { group: ANALYTICS_GROUPS, range: optionValues(RANGE_OPTIONS) },
  ordering: ANALYTICS_ORDERING,
} as const;
const GROUP_OPTIONS = ANALYTICS_GROUPS.map((value) => ({ value, label: ANALYTICS_GROUP_LABELS[value] }));

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Card withBorder radius="md" padding="md">
    <Text size="xs" c="dimmed" mb={4}>
      {label}
    </Text>
    <Text fw={700} fz="lg" data-testid={`total-${label.toLowerCase()}`}>
      {value}
    </Text>
  </Card>
);

const Totals = ({ totals }: { totals: AnalyticsFigures }) => (
  <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
    <Figure label="Bookings" value={String(totals.bookings)} />
    <Figure label="Participants" value={String(totals.participants)} />
    <Figure label="Gross" value={formatMoney(totals.gross, totals.currency)} />
    <Figure label="Canceled" value={formatMoney(totals.canceled, totals.currency)} />
    <Figure label="Refunds" value={formatMoney(totals.refunds, totals.currency)} />
    <Figure label="Net" value={formatMoney(totals.net, totals.currency)} />
  </SimpleGrid>
);

const money = (field: 'gross' | 'canceled' | 'refunds' | 'net', header: string): Column<AnalyticsRow> => ({
  key: field,
  header,
  sortField: field,
  align: 'right',
  width: 120,
  render: (r) => formatMoney(r[field], r.currency),
});

/**
 * Sales figures with charts, rows and CSV: the analytics view, and a store's Analytics tab
 * (`storeId`: that store's sales only). Range, grouping, search, sorting and paging live in the URL.
 */
export const AnalyticsPanel = ({ storeId }: { storeId?: string }) => {
  const list = useListParams(LIST_SPEC);
  const { range = DEFAULT_RANGE, group: groupParam, ...filters } = list.filters;
  const group = (ANALYTICS_GROUPS as readonly string[]).includes(groupParam ?? '') ? (groupParam as AnalyticsGroup) : 'offer';
  const { range: _r, group: _g, ...rest } = list.apiQuery;
  const scope = { ...rangeDates(range), ...(storeId ? { store: storeId } : {}) };
  const skip = !list.ready;
  const rows = useAnalyticsQuery({ ...rest, ...filters, ...scope, group }, { skip, refetchOnMountOrArgChange: true });
  useResetPageOnNotFound(list, rows.error);
  const timeline = useAnalyticsTimelineQuery(scope, { skip, refetchOnMountOrArgChange: true });
  const all = { ...scope, page_size: 100 };
  const offers = useAnalyticsQuery({ ...all, group: 'offer' }, { skip, refetchOnMountOrArgChange: true });
  const channels = useAnalyticsQuery({ ...all, group: 'channel' }, { skip, refetchOnMountOrArgChange: true });
  const partners = useAnalyticsQuery({ ...all, group: 'partner' }, { skip, refetchOnMountOrArgChange: true });
  const [download, downloading] = useDownloadAnalyticsCsvMutation();

  const currencies = rows.data?.totals.map((t) => t.currency) ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : (currencies[0] ?? 'EUR');
  const totals = rows.data?.totals.find((t) => t.currency === currency);

  const columns: Column<AnalyticsRow>[] = [
    {
      key: 'label',
      header: ANALYTICS_GROUP_LABELS[group],
      sortField: 'label',
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.label}
        </Text>
      ),
    },
    { key: 'currency', header: 'Currency', width: 90, render: (r) => r.currency, card: 'hidden' },
    { key: 'bookings', header: 'Bookings', sortField: 'bookings', align: 'right', width: 100, render: (r) => r.bookings },
    {
      key: 'participants',
      header: 'Participants',
      sortField: 'participants',
      align: 'right',
      width: 110,
      render: (r) => r.participants,
    },
    money('gross', 'Gross'),
    money('refunds', 'Refunds'),
    money('net', 'Net'),
    {
      key: 'utilisation',
      header: 'Utilisation',
      sortField: 'utilisation',
      align: 'right',
      width: 110,
      render: (r) => (r.utilisation === null ? '—' : `${r.utilisation} %`),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Range"
          data={RANGE_OPTIONS}
          value={range}
          onChange={(next) => list.setFilter('range', next === DEFAULT_RANGE ? null : next)}
        />
        <Group gap="sm">
          {currencies.length > 1 ? (
            <SegmentedControl aria-label="Currency" data={currencies} value={currency} onChange={setPicked} />
          ) : null}
          <Button
            variant="secondary"
            leftSection={<IconDownload size={16} />}
            loading={downloading.isLoading}
            onClick={() => {
              // Every row, not the page.
              const { page: _page, page_size: _size, ...everything } = rest;
              download({ ...everything, ...scope, group });
            }}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {downloading.error ? (
        <Alert color="red" title="The CSV could not be exported" role="alert">
          {errorMessages(downloading.error).join(' ')}
        </Alert>
      ) : null}
      {rows.error ? (
        <Alert color="red" title="The figures could not be loaded" role="alert">
          {errorMessages(rows.error).join(' ')}
        </Alert>
      ) : null}
      {totals ? <Totals totals={totals} /> : null}
      <Text size="xs" c="dimmed">
        {`Sales made ${scope.date_from} – ${scope.date_to} (UTC days). Net is what the sales are worth now: the orders’ totals, or what was kept after a cancellation. Utilisation counts the places booked on the offer’s starts in the range.`}
      </Text>
      <TimelineCharts timeline={timeline.data} currency={currency} />
      <BreakdownCharts
        offers={offers.data?.results}
        channels={channels.data?.results}
        partners={partners.data?.results}
        currency={currency}
      />
      <div>
        <ListToolbar
          list={list}
          searchLabel="Search sales rows"
          searchPlaceholder="Search by name"
          filters={[
            {
              key: 'group',
              label: 'Group by',
              options: GROUP_OPTIONS.filter((o) => o.value !== 'offer'),
              allLabel: 'Offer',
              kind: 'segmented',
            },
          ]}
        />
        <DataTable
          label="Sales"
          columns={columns}
          rowKey={(r) => `${r.key}|${r.currency}`}
          {...listTableProps(list, rows.data, rows.isFetching)}
          empty={{ message: list.hasActiveFilters ? 'No sales match these filters.' : 'No sales in this range yet.' }}
        />
      </div>
    </Stack>
  );
};
