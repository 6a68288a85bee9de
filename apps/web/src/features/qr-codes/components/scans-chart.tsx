import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { organizationToday } from '../../../lib/format/format.ts';
import { useQrCodeScansQuery } from '../api.ts';

const RANGES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '12 months' },
];

/**
 * Scans of a link per day (the organization's days), as bars; over 90 days and more they are summed
 * per week so the bars stay readable. Counts only: nothing about who scanned is kept.
 */
export const ScansChart = ({ id, total }: { id: string; total: number }) => {
  const [days, setDays] = useState('30');
  // Up to the organization's today (the server's default end).
  const from = dayjs(organizationToday())
    .subtract(Number(days) - 1, 'day')
    .format('YYYY-MM-DD');
  const { data, isFetching } = useQrCodeScansQuery({ id, from });
  const weekly = Number(days) > 30;
  const bars = !data
    ? []
    : weekly
      ? Object.values(
          data.days.reduce<Record<string, { day: string; scans: number }>>((weeks, d) => {
            const week = dayjs(d.date).startOf('week').format('D MMM');
            weeks[week] = { day: week, scans: (weeks[week]?.scans ?? 0) + d.scans };
            return weeks;
          }, {}),
        )
      : data.days.map((d) => ({ day: dayjs(d.date).format('D MMM'), scans: d.scans }));
  const inRange = data?.days.reduce((sum, d) => sum + d.scans, 0) ?? 0;
  // A few scans still get a readable axis (0–4), whole numbers only.
  const top = Math.max(4, ...bars.map((b) => b.scans));

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          Scans
        </Text>
        <SegmentedControl size="xs" aria-label="Scans over" data={RANGES} value={days} onChange={setDays} />
      </Group>
      <Text size="sm" c="dimmed" data-testid="scan-totals">
        {inRange} in the last {RANGES.find((r) => r.value === days)?.label} · {total} in all
      </Text>
      {!data && isFetching ? (
        <Skeleton h={160} />
      ) : (
        <Box role="figure" aria-label={`Scans per ${weekly ? 'week' : 'day'}`}>
          <BarChart
            h={160}
            data={bars}
            dataKey="day"
            series={[{ name: 'scans', label: weekly ? 'Scans per week' : 'Scans', color: 'blue.6' }]}
            tickLine="y"
            gridAxis="x"
            withTooltip
            yAxisProps={{ allowDecimals: false, width: 28, domain: [0, top], ...(top === 4 ? { ticks: [0, 1, 2, 3, 4] } : {}) }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
          />
        </Box>
      )}
    </Stack>
  );
};
