/** The booking panel's choices: participants and extras (steppers), and the day's starts (radios). */
import type { BookingConfigResponse, CheckAvailabilityResponse } from '@excursio/contract/availability';
import type { WebstoreExperience } from '@excursio/contract/webstore';
import { useTranslation } from 'react-i18next';
import { formatTime, money, zoneName } from './format.ts';
import { categoryName } from './offer-words.ts';
import { Loading, Stepper } from './ui.tsx';

type Rate = BookingConfigResponse['rates'][number];

export const PartyPicker = ({
  offer,
  rate,
  party,
  onParty,
  extras,
  onExtras,
  maxGroup,
}: {
  offer: WebstoreExperience;
  rate: Rate | null;
  party: Record<string, number>;
  onParty: (party: Record<string, number>) => void;
  extras: Record<string, number>;
  onExtras: (extras: Record<string, number>) => void;
  maxGroup: number | null;
}) => {
  const { t, i18n } = useTranslation();
  const total = Object.values(party).reduce((n, q) => n + q, 0);
  const full = maxGroup !== null && total >= maxGroup;
  // Categories the rate prices (all of them until the rates are known).
  const categories = offer.pricing_categories.filter((c) => !rate || rate.prices.some((p) => p.pricing_category_id === c.id));
  return (
    <>
      <h3 className="panel__step">{t('book.participants')}</h3>
      <ul className="rows">
        {categories.map((c) => {
          const price = rate?.prices.find((p) => p.pricing_category_id === c.id)?.price;
          return (
            <li key={c.id} className="row">
              <div className="row__text">
                <span className="row__name">{categoryName(c, t)}</span>
                <span className="row__hint">
                  {[
                    c.min_age !== null && c.max_age !== null
                      ? t('book.age', { min: c.min_age, max: c.max_age })
                      : c.min_age !== null
                        ? t('book.ageFrom', { min: c.min_age })
                        : null,
                    price !== undefined ? t('book.each', { price: money(price, offer.currency, i18n.language) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <Stepper
                id={`party-${c.id}`}
                label={categoryName(c, t)}
                value={party[c.id] ?? 0}
                max={full ? (party[c.id] ?? 0) : undefined}
                onChange={(q) => onParty({ ...party, [c.id]: q })}
                decreaseLabel={t('book.decrease', { name: categoryName(c, t) })}
                increaseLabel={t('book.increase', { name: categoryName(c, t) })}
              />
            </li>
          );
        })}
      </ul>
      {offer.extras.length > 0 && (
        <>
          <h3 className="panel__step">{t('book.extras')}</h3>
          <ul className="rows">
            {offer.extras.map((e) => (
              <li key={e.id} className="row">
                <div className="row__text">
                  <span className="row__name">{e.name}</span>
                  <span className="row__hint">{t('book.each', { price: money(e.price, offer.currency, i18n.language) })}</span>
                </div>
                <Stepper
                  id={`extra-${e.id}`}
                  label={e.name}
                  value={extras[e.id] ?? 0}
                  max={20}
                  onChange={(q) => onExtras({ ...extras, [e.id]: q })}
                  decreaseLabel={t('book.decrease', { name: e.name })}
                  increaseLabel={t('book.increase', { name: e.name })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
};

type Slot = CheckAvailabilityResponse['results'][number];

export const SlotPicker = ({
  slots,
  loading,
  selected,
  onSelect,
  problems,
}: {
  slots: Slot[];
  loading: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
  problems: string[];
}) => {
  const { t, i18n } = useTranslation();
  if (loading) return <Loading inline />;
  const offered = slots.filter((s) => s.bookable || s.unbookable_reason === 'full');
  return (
    <fieldset className="slots">
      <legend className="panel__step">{t('book.time')}</legend>
      {problems.map((p) => (
        <p key={p} className="field__error">
          {p}
        </p>
      ))}
      {offered.length === 0 ? (
        <p className="muted">{t('book.noSlots')}</p>
      ) : (
        <div className="slots__list">
          {offered.map((s) => {
            const soldOut = !s.bookable || s.available === 0;
            const status = soldOut
              ? t('book.soldOut')
              : !s.fits
                ? t('book.tooMany')
                : s.available !== null
                  ? t('book.left', { count: s.available })
                  : '';
            const time = s.start_time_id === null ? t('book.allDay') : formatTime(s.starts_at, s.time_zone, i18n.language);
            return (
              <label key={s.id} className="slot" data-disabled={soldOut || !s.fits}>
                <input
                  type="radio"
                  name="slot"
                  value={s.id}
                  checked={selected === s.id}
                  disabled={soldOut || !s.fits}
                  onChange={() => onSelect(s.id)}
                />
                <span className="slot__time">{time}</span>
                {status && <span className="slot__status">{status}</span>}
              </label>
            );
          })}
        </div>
      )}
      {offered[0] && (
        <p className="muted small">
          {t('book.timesIn', { zone: zoneName(offered[0].starts_at, offered[0].time_zone, i18n.language) })}
        </p>
      )}
    </fieldset>
  );
};
