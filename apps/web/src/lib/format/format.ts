import dayjs from 'dayjs';

/** Specification §9 date and time formats. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DISPLAY_DATE_FORMAT = 'DD. MMMM YYYY';
export const TIME_FORMAT_24H = 'HH:mm';
export const TIME_FORMAT_12H = 'hh:mm A';

export const formatDisplayDate = (value: string | null | undefined) => (value ? dayjs(value).format(DISPLAY_DATE_FORMAT) : '—');

export const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 2 }).format(minor / 100);

export const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

export const capitalise = (value: string) => (value ? value[0].toUpperCase() + value.slice(1) : value);
