import { Stack } from '@mantine/core';
import { AnalyticsPanel } from '../components/analytics-panel.tsx';

/** `/sales/analytics`: the organization's sales per offer, store, channel, reseller and day, with charts and CSV. */
export const AnalyticsPage = () => (
  <Stack gap={0}>
    <AnalyticsPanel />
  </Stack>
);
