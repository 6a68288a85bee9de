import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type ANALYTICS_ORDERING,
  type AnalyticsFigures,
  type AnalyticsGroup,
  type AnalyticsRow,
} from '@excursio/contract/analytics';
import { ORDER_CHANNEL_LABELS } from '@excursio/contract/orders';
import type { Db } from '../../db/client.ts';
import { NO_ID } from '../../db/schema/analytics.ts';
import { invalid } from '../../http/app-error.ts';
import type { Ordering } from '../../http/paging.ts';
import { capacityUseByOffer } from '../availability/capacity.service.ts';
import {
  accountNames,
  offerTitles,
  type SalesDimension,
  type SalesScope,
  type SalesSumRow,
  salesSums,
  storeNames,
} from './analytics.repository.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

export type AnalyticsFilters = {
  date_from?: string;
  date_to?: string;
  store?: string;
  experience?: string;
  group?: AnalyticsGroup;
};

/** The request's range of sale days (UTC): the last 30 days by default, checked. */
export const rangeOf = (filters: Pick<AnalyticsFilters, 'date_from' | 'date_to'>, now: Date) => {
  const to =
    filters.date_to ??
    (filters.date_from && dayMs(filters.date_from) > now.getTime() ? filters.date_from : isoDay(now.getTime()));
  const from = filters.date_from ?? isoDay(dayMs(to) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) throw invalid('date_to', 'The end date must not be before the start date.');
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > ANALYTICS_MAX_DAYS)
    throw invalid('date_from', `Choose at most ${ANALYTICS_MAX_DAYS} days.`);
  return { from, to };
};

const scopeOf = (filters: AnalyticsFilters, now: Date): SalesScope => ({
  ...rangeOf(filters, now),
  storeId: filters.store,
  experienceId: filters.experience,
});

const zero = (currency: string): AnalyticsFigures => ({
  currency,
  bookings: 0,
  participants: 0,
  gross: 0,
  canceled: 0,
  refunds: 0,
  net: 0,
});
const FIGURES = ['bookings', 'participants', 'gross', 'canceled', 'refunds', 'net'] as const;
const add = (into: AnalyticsFigures, row: AnalyticsFigures) => {
  for (const f of FIGURES) into[f] += row[f];
  return into;
};

/** Rows of both sides merged per key and currency (amounts of different currencies never meet). */
const merged = (rows: SalesSumRow[]) => {
  const out = new Map<string, SalesSumRow>();
  for (const row of rows) {
    const id = `${row.key}|${row.currency}`;
    const have = out.get(id);
    if (have) add(have, row);
    else out.set(id, { ...row });
  }
  return [...out.values()];
};

/** Per currency, in currency order: the totals the dashboard and the analytics header show. */
const totalsOf = (rows: AnalyticsFigures[]) => {
  const out = new Map<string, AnalyticsFigures>();
  for (const row of rows) add(out.get(row.currency) ?? out.set(row.currency, zero(row.currency)).get(row.currency)!, row);
  return [...out.values()].sort((a, b) => a.currency.localeCompare(b.currency));
};

/**
 * The organization's sales over a range of sale days (UTC, inclusive), one figure set per currency:
 * for callers beside the analytics (the dashboard's revenue this month vs last).
 */
export const salesTotals = async (
  db: Db,
  accountId: string,
  range: { from: string; to: string; storeId?: string; experienceId?: string },
): Promise<AnalyticsFigures[]> => totalsOf(await salesSums(db, accountId, 'none', range));

const labelsOf = async (db: Db, accountId: string, group: AnalyticsGroup, keys: string[]) => {
  const ids = keys.filter((k) => k !== NO_ID);
  const found =
    group === 'offer'
      ? await offerTitles(db, ids)
      : group === 'store'
        ? await storeNames(db, accountId, ids)
        : group === 'partner'
          ? await accountNames(db, ids)
          : [];
  const labels = new Map(found.map((r) => [r.id, r.label]));
  return (key: string) => {
    if (group === 'channel') return ORDER_CHANNEL_LABELS[key as keyof typeof ORDER_CHANNEL_LABELS] ?? key;
    if (group === 'day') return key;
    if (key === NO_ID)
      return { offer: 'Deleted offer', store: 'No store (back office, booking API)', partner: 'Direct sales' }[group];
    return labels.get(key) ?? (group === 'offer' ? 'Deleted offer' : group === 'store' ? 'Deleted store' : 'Unknown');
  };
};

const percent = (part: number, whole: number) => Math.round((part * 100) / whole);

type AnalyticsOrdering = Ordering<(typeof ANALYTICS_ORDERING)[number]>;

/** Every row of a request (before paging), with labels and, for offers, the utilisation. */
export const analyticsRows = async (
  db: Db,
  accountId: string,
  filters: AnalyticsFilters & { search?: string; ordering?: AnalyticsOrdering },
  now: Date,
) => {
  const group = filters.group ?? 'offer';
  const scope = scopeOf(filters, now);
  const sums = merged(await salesSums(db, accountId, group as SalesDimension, scope));
  const keys = [...new Set(sums.map((r) => r.key))];
  const [label, use] = await Promise.all([
    labelsOf(db, accountId, group, keys),
    group === 'offer'
      ? capacityUseByOffer(db, accountId, { from: scope.from, to: scope.to }, now, keys)
      : Promise.resolve(new Map<string, { capacity: number; booked: number }>()),
  ]);
  let rows: AnalyticsRow[] = sums.map((r) => {
    const u = use.get(r.key);
    return {
      ...r,
      key: r.key === NO_ID ? 'none' : r.key,
      label: label(r.key),
      utilisation: u && u.capacity > 0 ? percent(u.booked, u.capacity) : null,
    };
  });
  const term = filters.search?.trim().toLowerCase();
  if (term) rows = rows.filter((r) => r.label.toLowerCase().includes(term));
  const ordering = filters.ordering ?? { field: group === 'day' ? 'label' : 'net', descending: group !== 'day' };
  const value = (r: AnalyticsRow) =>
    ordering.field === 'label'
      ? r.label.toLowerCase()
      : ordering.field === 'utilisation'
        ? (r.utilisation ?? -1)
        : r[ordering.field];
  const sign = ordering.descending ? -1 : 1;
  rows.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return (x < y ? -1 : x > y ? 1 : 0) * sign || a.label.localeCompare(b.label) || a.currency.localeCompare(b.currency);
  });
  return { rows, range: { from: scope.from, to: scope.to }, totals: totalsOf(rows) };
};

/** Sales per day and currency over the range, every day present (zero days included). */
export const analyticsTimeline = async (db: Db, accountId: string, filters: AnalyticsFilters, now: Date) => {
  const scope = scopeOf(filters, now);
  const sums = merged(await salesSums(db, accountId, 'day', scope));
  const currencies = [...new Set(sums.map((r) => r.currency))].sort();
  const byDay = new Map(sums.map((r) => [`${r.key}|${r.currency}`, r]));
  const days = [];
  for (let ms = dayMs(scope.from); ms <= dayMs(scope.to); ms += DAY_MS) {
    const day = isoDay(ms);
    for (const currency of currencies) {
      const { key: _key, ...figures } = byDay.get(`${day}|${currency}`) ?? { key: day, ...zero(currency) };
      days.push({ day, ...figures });
    }
  }
  return { date_from: scope.from, date_to: scope.to, days };
};
