import '@mantine/charts/styles.css';
import type { AnalyticsRow, AnalyticsTimeline } from '@excursio/contract/analytics';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format/format.ts';

const major = (minor: number) => Math.round(minor) / 100;
const COLORS = ['blue.6', 'teal.6', 'violet.6', 'orange.6', 'pink.6', 'cyan.6', 'lime.7', 'gray.6'];

const ChartCard = ({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) => (
  <Card withBorder radius="md" padding="md">
    <Text size="sm" fw={600} mb="sm">
      {title}
    </Text>
    {empty ? (
      <Text size="sm" c="dimmed" py="xl" ta="center">
        No sales in this range.
      </Text>
    ) : (
      <figure aria-label={title} style={{ margin: 0 }}>
        {children}
      </figure>
    )}
  </Card>
);

/** An amount in major units as an axis tick: the currency's symbol and a compact number (€950, €1.2K, €3M). */
const compactMoney = (value: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(
      value,
    );
  } catch {
    return String(value);
  }
};

/** Revenue (net) and bookings per day of one currency. */
export const TimelineCharts = ({ timeline, currency }: { timeline: AnalyticsTimeline | undefined; currency: string }) => {
  if (!timeline) return <Skeleton h={220} />;
  const days = timeline.days.filter((d) => d.currency === currency);
  const data = days.map((d) => ({
    day: dayjs(d.day).format('D MMM'),
    net: major(d.net),
    gross: major(d.gross),
    bookings: d.bookings,
  }));
  const empty = !days.some((d) => d.gross || d.bookings);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title={`Revenue over time (${currency})`} empty={empty}>
        <LineChart
          h={200}
          data={data}
          dataKey="day"
          withDots={data.length <= 31}
          valueFormatter={(v) => formatMoney(v * 100, currency)}
          // Axis ticks in the short form (€1.2K): the full amounts were cut at the axis's edge; the tooltip keeps them.
          yAxisProps={{ width: 64, tickFormatter: (v: number) => compactMoney(v, currency) }}
          series={[
            { name: 'net', label: 'Net', color: 'blue.6' },
            { name: 'gross', label: 'Gross', color: 'gray.5' },
          ]}
          withLegend
        />
      </ChartCard>
      <ChartCard title="Bookings over time" empty={empty}>
        <BarChart
          h={200}
          data={data}
          dataKey="day"
          // Bookings are counted: whole-number ticks only (never 0.25 steps).
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: 'bookings', label: 'Bookings', color: 'teal.6' }]}
        />
      </ChartCard>
    </SimpleGrid>
  );
};

/** Offers by utilisation and the top offers by net revenue, sales by channel and by reseller, for one currency. */
export const BreakdownCharts = ({
  offers,
  channels,
  partners,
  currency,
}: {
  offers: AnalyticsRow[] | undefined;
  channels: AnalyticsRow[] | undefined;
  partners: AnalyticsRow[] | undefined;
  currency: string;
}) => {
  if (!offers || !channels || !partners) return <Skeleton h={220} />;
  const mine = (rows: AnalyticsRow[]) => rows.filter((r) => r.currency === currency);
  const short = (label: string) => (label.length > 22 ? `${label.slice(0, 21)}…` : label);
  const utilised = offers
    .filter((r) => r.utilisation !== null)
    .sort((a, b) => (b.utilisation ?? 0) - (a.utilisation ?? 0))
    .slice(0, 8)
    .map((r) => ({ offer: short(r.label), utilisation: r.utilisation ?? 0 }));
  const top = mine(offers)
    .sort((a, b) => b.net - a.net)
    .slice(0, 8)
    .map((r) => ({ offer: short(r.label), net: major(r.net) }));
  const donut = (rows: AnalyticsRow[]) =>
    mine(rows)
      .filter((r) => r.net > 0)
      .map((r, i) => ({ name: r.label, value: major(r.net), color: COLORS[i % COLORS.length] }));
  const money = (v: number) => formatMoney(v * 100, currency);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title="Top offers by net revenue" empty={!top.length}>
        <BarChart
          h={220}
          data={top}
          dataKey="offer"
          orientation="vertical"
          yAxisProps={{ width: 140 }}
          valueFormatter={money}
          series={[{ name: 'net', label: 'Net', color: 'blue.6' }]}
        />
      </ChartCard>
      <ChartCard title="Utilisation by offer (% of places booked)" empty={!utilised.length}>
        <BarChart
          h={220}
          data={utilised}
          dataKey="offer"
          orientation="vertical"
          yAxisProps={{ width: 140 }}
          xAxisProps={{ domain: [0, 100] }}
          valueFormatter={(v) => `${v} %`}
          series={[{ name: 'utilisation', label: 'Utilisation', color: 'teal.6' }]}
        />
      </ChartCard>
      <ChartCard title="Sales by channel" empty={!donut(channels).length}>
        <Stack align="center">
          <DonutChart
            data={donut(channels)}
            valueFormatter={money}
            withLabelsLine={false}
            tooltipDataSource="segment"
            size={160}
            thickness={26}
          />
          <Legend items={donut(channels)} money={money} />
        </Stack>
      </ChartCard>
      <ChartCard title="Sales by reseller" empty={!donut(partners).length}>
        <Stack align="center">
          <DonutChart
            data={donut(partners)}
            valueFormatter={money}
            withLabelsLine={false}
            tooltipDataSource="segment"
            size={160}
            thickness={26}
          />
          <Legend items={donut(partners)} money={money} />
        </Stack>
      </ChartCard>
    </SimpleGrid>
  );
};

const Legend = ({ items, money }: { items: { name: string; value: number; color: string }[]; money: (v: number) => string }) => (
  <Stack gap={2} w="100%">
    {items.map((i) => (
      <Text key={i.name} size="xs" style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>
          <span style={{ color: `var(--mantine-color-${i.color.replace('.', '-')})` }}>●</span> {i.name}
        </span>
        <span>{money(i.value)}</span>
      </Text>
    ))}
  </Stack>
);
