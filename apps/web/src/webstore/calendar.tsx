/** A Monday-first month grid where only the bookable days are buttons. */
import { useTranslation } from 'react-i18next';
import { formatDay, formatMonth, weekdayNames } from './format.ts';

type Props = {
  year: number;
  month: number;
  bookable: ReadonlySet<string>;
  selected: string | null;
  loading: boolean;
  canGoBack: boolean;
  onSelect: (date: string) => void;
  onMonth: (delta: -1 | 1) => void;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The month's dates with null before the 1st so it falls on its weekday (Monday first). */
export const monthCells = (year: number, month: number): (string | null)[] => {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => `${year}-${pad(month)}-${pad(i + 1)}`),
  ];
};

export const Calendar = ({ year, month, bookable, selected, loading, canGoBack, onSelect, onMonth }: Props) => {
  const { t, i18n } = useTranslation();
  const title = formatMonth(year, month, i18n.language);
  return (
    <div className="calendar" aria-busy={loading}>
      <div className="calendar__head">
        <button
          type="button"
          className="icon-button"
          aria-label={t('book.previousMonth')}
          disabled={!canGoBack}
          onClick={() => onMonth(-1)}
        >
          ‹
        </button>
        <p className="calendar__title" aria-live="polite">
          {title}
        </p>
        <button type="button" className="icon-button" aria-label={t('book.nextMonth')} onClick={() => onMonth(1)}>
          ›
        </button>
      </div>
      <fieldset className="calendar__grid" aria-label={title}>
        {weekdayNames(i18n.language).map((name) => (
          <span key={name} className="calendar__weekday" aria-hidden="true">
            {name}
          </span>
        ))}
        {monthCells(year, month).map((date, index) =>
          date === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the leading blanks have no identity
            <span key={`blank-${index}`} aria-hidden="true" />
          ) : bookable.has(date) ? (
            <button
              key={date}
              type="button"
              className="calendar__day"
              aria-pressed={selected === date}
              aria-label={formatDay(date, i18n.language)}
              onClick={() => onSelect(date)}
            >
              {Number(date.slice(8))}
            </button>
          ) : (
            <span key={date} className="calendar__day calendar__day--off" aria-hidden="true">
              {Number(date.slice(8))}
            </span>
          ),
        )}
      </fieldset>
      {!loading && bookable.size === 0 && <p className="muted">{t('book.noDays')}</p>}
    </div>
  );
};
