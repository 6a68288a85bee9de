import type { Departure, DeparturesResponse, MonthSalesResponse, SalesFigures } from '@excursio/contract/home';
import { TODAY_DEPARTURES_LIMIT } from '@excursio/contract/home';
import type { Db } from '../../db/client.ts';
import { netRevenueMinor } from '../analytics/net-revenue.ts';
import { capacityBetween } from '../availability/capacity.service.ts';
import {
  accountBasics,
  attendanceOfDay,
  ownSalesByMonth,
  refundedOrdersOfMonths,
  resaleSalesByMonth,
  type Window,
} from './home.repository.ts';
import { datesFrom, localDateIn, monthWindow } from './home-calendar.ts';

/**
 * Today's departures and the days ahead: the capacity engine's starts (the same numbers as the
 * capacity view) with today's check-in progress beside them. "Today" is the organization's.
 */
export const departures = async (db: Db, accountId: string, days: number, now: Date): Promise<DeparturesResponse> => {
  const { timeZone } = await accountBasics(db, accountId);
  const dates = datesFrom(localDateIn(now, timeZone), days);
  const today = dates[0];
  const [capacity, attendance] = await Promise.all([
    capacityBetween(db, accountId, { from: today, to: dates[dates.length - 1] }, now),
    attendanceOfDay(db, accountId, today),
  ]);
  const present = new Map(attendance.map((a) => [`${a.experienceId}|${a.slotKey}`, a]));
  const todays: Departure[] = [];
  let empty = 0;
  for (const slot of capacity.slots) {
    if (slot.date !== today) continue;
    const seen = present.get(`${slot.experience_id}|${slot.id}`);
    if (slot.booked === 0 && !seen) {
      empty++;
      continue;
    }
    todays.push({
      ...slot,
      participants: seen?.participants ?? 0,
      arrived: seen?.arrived ?? 0,
      bookings: seen?.bookings ?? 0,
    });
  }
  todays.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.experience_title.localeCompare(b.experience_title));
  const departuresPerDay = new Map<string, number>();
  for (const slot of capacity.slots)
    if (slot.booked > 0) departuresPerDay.set(slot.date, (departuresPerDay.get(slot.date) ?? 0) + 1);
  const summaries = new Map(capacity.days.map((d) => [d.date, d]));
  return {
    today,
    time_zone: timeZone,
    today_departures: todays.slice(0, TODAY_DEPARTURES_LIMIT),
    today_departures_count: todays.length,
    today_empty_slots: empty,
    today_participants: attendance.reduce((sum, a) => sum + a.participants, 0),
    today_arrived: attendance.reduce((sum, a) => sum + a.arrived, 0),
    days: dates.map((date) => {
      const d = summaries.get(date);
      return {
        date,
        slots: d?.slots ?? 0,
        departures: departuresPerDay.get(date) ?? 0,
        closed_slots: d?.closedSlots ?? 0,
        capacity: d?.capacity ?? null,
        booked: d?.booked ?? 0,
        held: d?.held ?? 0,
        utilisation: d?.utilisationPercent ?? null,
      };
    }),
  };
};

type SalesRow = Awaited<ReturnType<typeof ownSalesByMonth>>[number];
const figuresOf = (row: SalesRow, name: 'this' | 'last' | 'lastToDate'): SalesFigures => ({
  orders: Number(row[`${name}Orders`]),
  gross: Number(row[`${name}Gross`]),
  commission: Number(row[`${name}Commission`]),
});

/**
 * The organization's own sales less the refunds of those orders that were not a cancellation's
 * (analytics' net rule, `netRevenueMinor`): a paid €115 order refunded €20 counts €95 in the month
 * it was made. Canceled orders stay out, as in the counts.
 */
const ownRevenueByMonth = async (db: Db, accountId: string, window: Window) => {
  const [rows, refunded] = await Promise.all([
    ownSalesByMonth(db, accountId, window),
    refundedOrdersOfMonths(db, accountId, window),
  ]);
  const byCurrency = new Map(rows.map((r) => [r.currency, r]));
  for (const o of refunded) {
    const row = byCurrency.get(o.currency);
    if (!row) continue;
    const less = o.totalMinor - netRevenueMinor(o.totalMinor, o.paid, o.refunded);
    const at = o.createdAt.getTime();
    const within = (from: Date, to: Date) => at >= from.getTime() && at < to.getTime();
    if (within(window.thisFrom, window.thisTo)) row.thisGross = Number(row.thisGross) - less;
    if (within(window.lastFrom, window.thisFrom)) row.lastGross = Number(row.lastGross) - less;
    if (within(window.lastFrom, window.lastToDate)) row.lastToDateGross = Number(row.lastToDateGross) - less;
  }
  return rows;
};

/**
 * Sales this month against last, per currency, in the organization's zone: a supplier's own orders
 * not canceled, an affiliate's resales (with its commission). A small query of its own until the
 * analytics module offers the same figures.
 */
export const monthSales = async (db: Db, accountId: string, now: Date): Promise<MonthSalesResponse> => {
  const { timeZone, type } = await accountBasics(db, accountId);
  const window = monthWindow(now, timeZone);
  const basis = type === 'affiliate' ? 'resales' : 'own';
  const rows = await (basis === 'resales' ? resaleSalesByMonth : ownRevenueByMonth)(db, accountId, window);
  const currencies = rows
    .map((row) => ({
      currency: row.currency,
      this_month: figuresOf(row, 'this'),
      last_month: figuresOf(row, 'last'),
      last_month_to_date: figuresOf(row, 'lastToDate'),
    }))
    .sort(
      (a, b) =>
        b.this_month.gross - a.this_month.gross ||
        b.last_month.gross - a.last_month.gross ||
        a.currency.localeCompare(b.currency),
    );
  return { basis, month: window.month, last_month: window.lastMonth, time_zone: timeZone, currencies };
};
