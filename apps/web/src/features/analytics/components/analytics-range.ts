import dayjs from 'dayjs';

/** The ranges offered (days up to today, UTC sale days as the API counts them). */
export const RANGE_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '12 months' },
];
export const DEFAULT_RANGE = '30';

/** `date_from`/`date_to` of a range of days ending today (UTC). */
export const rangeDates = (days: string) => {
  const to = dayjs().format('YYYY-MM-DD');
  const n = Number(RANGE_OPTIONS.some((o) => o.value === days) ? days : DEFAULT_RANGE);
  return {
    date_from: dayjs(to)
      .subtract(n - 1, 'day')
      .format('YYYY-MM-DD'),
    date_to: to,
  };
};
