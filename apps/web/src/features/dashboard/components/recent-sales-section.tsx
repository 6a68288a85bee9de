import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDisplayDateTime, formatMoney } from '../../../lib/format/format.ts';
import { useGetRecentOrdersQuery, useGetRecentResalesQuery } from '../api/dashboard.api.ts';
import classes from './dashboard.module.css';
import { Section, SectionEmpty, SectionLoading } from './section.tsx';

const STATUS_COLOR = { created: 'orange', confirmed: 'teal', canceled: 'gray' } as const;
const STATUS_TEXT = { created: 'Unconfirmed', confirmed: 'Confirmed', canceled: 'Canceled' } as const;

const Row = (props: {
  to: string;
  reference: string;
  who: string;
  when: string;
  amount: string;
  status: keyof typeof STATUS_COLOR;
}) => (
  <li className={classes.orderRow}>
    <Text size="sm" truncate>
      <Anchor component={Link} to={props.to} fw={600}>
        {props.reference}
      </Anchor>{' '}
      · {props.who || 'No contact'}
    </Text>
    <Text size="sm" fw={600} ta="right">
      {props.amount}
    </Text>
    <Text size="xs" c="dimmed">
      {formatDisplayDateTime(props.when)}
    </Text>
    <Badge size="xs" variant="light" radius="sm" color={STATUS_COLOR[props.status]} ml="auto">
      {STATUS_TEXT[props.status]}
    </Badge>
  </li>
);

/** The last orders taken, each opening the order editor. */
export const RecentOrdersSection = () => {
  const { data, isLoading } = useGetRecentOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Section title="Recent orders" link={{ to: '/orders/list', text: 'All orders' }}>
      {isLoading ? (
        <SectionLoading />
      ) : !data?.results.length ? (
        <SectionEmpty>No orders yet.</SectionEmpty>
      ) : (
        <ul className={classes.rows} aria-label="Recent orders">
          {data.results.map((o) => (
            <Row
              key={o.id}
              to={`/orders/editor/${o.id}/details`}
              reference={o.reference}
              who={`${o.contact.first_name} ${o.contact.last_name}`.trim()}
              when={o.created_at}
              amount={formatMoney(o.total, o.currency)}
              status={o.status}
            />
          ))}
        </ul>
      )}
    </Section>
  );
};

/** An affiliate's last resales (its own orders are its partners'), each found on the resales page. */
export const RecentResalesSection = () => {
  const { data, isLoading } = useGetRecentResalesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Section title="Recent resales" link={{ to: '/resales/overview', text: 'All resales' }}>
      {isLoading ? (
        <SectionLoading />
      ) : !data?.results.length ? (
        <SectionEmpty>No resales yet.</SectionEmpty>
      ) : (
        <ul className={classes.rows} aria-label="Recent resales">
          {data.results.map((r) => (
            <Row
              key={r.id}
              to={`/resales/overview?search=${encodeURIComponent(r.reference)}`}
              reference={r.reference}
              who={`${r.contact_name} · ${r.supplier.name}`}
              when={r.created_at}
              amount={formatMoney(r.gross, r.currency)}
              status={r.status}
            />
          ))}
        </ul>
      )}
    </Section>
  );
};
