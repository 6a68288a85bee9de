/** Minor units (cents) → the amount with its currency symbol and two decimals ('€45.00'); the web and the emails say it alike. */
export const formatMoney = (minor: number, currency: string, locale?: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minor / 100,
  );
