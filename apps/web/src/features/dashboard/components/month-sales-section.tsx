import type { MonthSales } from '@excursio/contract/home';
import { Badge, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { formatMoney } from '../../../lib/format/format.ts';
import { useGetMonthSalesQuery } from '../api/dashboard.api.ts';
import { changeLabel } from '../home-figures.ts';
import { Section, SectionEmpty, SectionLoading } from './section.tsx';

const orders = (n: number, resales: boolean) =>
  `${n} ${resales ? (n === 1 ? 'resale' : 'resales') : n === 1 ? 'order' : 'orders'}`;

const Currency = ({ sales, resales, lastMonth }: { sales: MonthSales; resales: boolean; lastMonth: string }) => {
  const change = changeLabel(sales.this_month, sales.last_month_to_date);
  return (
    <div data-testid={`month-sales-${sales.currency}`}>
      <Text fz={26} fw={700} lh={1.2}>
        {formatMoney(sales.this_month.gross, sales.currency)}
      </Text>
      <Text size="sm" c="dimmed">
        {orders(sales.this_month.orders, resales)}
        {resales ? ` · commission ${formatMoney(sales.this_month.commission, sales.currency)}` : ''}
      </Text>
      <Badge variant="light" color={change.color} radius="sm" tt="none" mt={6}>
        {change.text}
      </Badge>
      <Text size="xs" c="dimmed" mt={6}>
        {lastMonth}: {formatMoney(sales.last_month.gross, sales.currency)} ({orders(sales.last_month.orders, resales)})
      </Text>
    </div>
  );
};

/** This month's sales against last month's, per currency (an affiliate's: its resales and commission). */
export const MonthSalesSection = ({ affiliate }: { affiliate: boolean }) => {
  const { data, isLoading } = useGetMonthSalesQuery(undefined, { refetchOnMountOrArgChange: true });
  const resales = data?.basis === 'resales';
  return (
    <Section
      title={affiliate ? 'Resales this month' : 'Revenue this month'}
      link={affiliate ? { to: '/resales/overview', text: 'All resales' } : { to: '/orders/list', text: 'All orders' }}
    >
      {isLoading ? (
        <SectionLoading />
      ) : !data || data.currencies.length === 0 ? (
        <SectionEmpty>No sales this month or last month yet.</SectionEmpty>
      ) : (
        <Stack gap="md">
          {data.currencies.slice(0, 3).map((sales) => (
            <Currency
              key={sales.currency}
              sales={sales}
              resales={resales}
              lastMonth={dayjs(`${data.last_month}-01`).format('MMMM')}
            />
          ))}
        </Stack>
      )}
    </Section>
  );
};
