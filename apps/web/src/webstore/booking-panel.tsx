/**
 * The offer's booking: a date among the bookable days, the party per pricing category, a start
 * with places left, extras; "Add to cart" holds the places (`/api/1/reserve/`) and opens the cart.
 * Every price shown comes from the server (the config's unit prices, the availability's party price).
 */
import type { BookingConfigResponse, CheckAvailabilityResponse } from '@excursio/contract/availability';
import type { WebstoreExperience } from '@excursio/contract/webstore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError, api } from './api.ts';
import { PartyPicker, SlotPicker } from './booking-choices.tsx';
import { Calendar } from './calendar.tsx';
import { addLine } from './cart.ts';
import { imageSrc, money, todayIn } from './format.ts';
import { categoryName } from './offer-words.ts';
import { useStore } from './store-context.tsx';
import { Alert } from './ui.tsx';

type Slot = CheckAvailabilityResponse['results'][number];
const MAX_AUTO_MONTHS = 6;

export const BookingPanel = ({ offer }: { offer: WebstoreExperience }) => {
  const { t, i18n } = useTranslation();
  const { store, updateCart } = useStore();
  const [, navigate] = useLocation();
  const today = todayIn(offer.time_zone);
  const [view, setView] = useState({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) });
  const [config, setConfig] = useState<BookingConfigResponse | null>(null);
  const autoMonths = useRef(0);
  const [date, setDate] = useState<string | null>(null);
  // One adult to start with (the first category when none is for adults), so a price shows at once.
  const [party, setParty] = useState<Record<string, number>>(() => {
    const first = offer.pricing_categories.find((c) => c.type === 'adult') ?? offer.pricing_categories[0];
    return first ? { [first.id]: Math.max(1, offer.min_group_size) } : {};
  });
  const [extras, setExtras] = useState<Record<string, number>>({});
  const [day, setDay] = useState<CheckAvailabilityResponse | null>(null);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setConfig(null);
    api.config(store.slug, offer.id, view.year, view.month).then(
      (c) => {
        if (!live) return;
        // The first months without a bookable day are skipped once, so the visitor starts where dates are.
        if (c.days.length === 0 && autoMonths.current < MAX_AUTO_MONTHS) {
          autoMonths.current += 1;
          setView((v) => (v.month === 12 ? { year: v.year + 1, month: 1 } : { year: v.year, month: v.month + 1 }));
          return;
        }
        autoMonths.current = MAX_AUTO_MONTHS;
        setConfig(c);
      },
      () => live && setError(t('common.offline')),
    );
    return () => {
      live = false;
    };
  }, [store.slug, offer.id, view, t]);

  const partyLines = useMemo(
    () =>
      Object.entries(party)
        .filter(([, q]) => q > 0)
        .map(([pricing_category_id, quantity]) => ({ pricing_category_id, quantity })),
    [party],
  );
  const partyKey = JSON.stringify(partyLines);

  useEffect(() => {
    if (!date) return;
    let live = true;
    const timer = setTimeout(() => {
      api.availability(store.slug, offer.id, date, JSON.parse(partyKey)).then(
        (res) => live && setDay(res),
        () => live && setError(t('common.offline')),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [store.slug, offer.id, date, partyKey, t]);

  const rate = useMemo(() => {
    const rates = config?.rates ?? [];
    const valid = date
      ? rates.find((r) => (!r.valid_from || r.valid_from <= date) && (!r.valid_to || r.valid_to >= date))
      : undefined;
    return valid ?? rates[0] ?? null;
  }, [config, date]);

  const participants = partyLines.reduce((n, l) => n + l.quantity, 0);
  const slots = day?.date === date ? day.results : [];
  const slot: Slot | undefined = slots.find((s) => s.id === slotId);
  const priced = slot ?? slots.find((s) => s.fits && s.price);
  const extrasTotal = offer.extras.reduce((sum, e) => sum + e.price * (extras[e.id] ?? 0), 0);
  const total = priced?.price ? priced.price.total + extrasTotal : null;
  const problems = day?.date === date ? day.problems : [];

  const addToCart = async () => {
    if (!slot?.price || !date) return;
    setBusy(true);
    setError(null);
    try {
      const hold = await api.reserve({
        productId: offer.id,
        availabilityId: slot.id,
        rateId: slot.price.rate_id,
        units: partyLines.map((l) => ({ pricingCategoryId: l.pricing_category_id, quantity: l.quantity })),
        groupSize: participants,
        store: store.slug,
      });
      updateCart((lines) =>
        addLine(lines, {
          holdId: hold.id,
          expiresAt: hold.utcExpiresAt,
          experienceId: offer.id,
          title: offer.title,
          imageUrl: offer.images[0] ? imageSrc(offer.images[0].urls, 'thumb') : null,
          availabilityId: slot.id,
          rateId: slot.price?.rate_id ?? '',
          startsAt: slot.starts_at,
          date,
          timeZone: slot.time_zone,
          allDay: slot.start_time_id === null,
          units: partyLines.map((l) => ({
            pricingCategoryId: l.pricing_category_id,
            name: (() => {
              const category = offer.pricing_categories.find((c) => c.id === l.pricing_category_id);
              return category ? categoryName(category, t) : '';
            })(),
            quantity: l.quantity,
          })),
          extras: offer.extras
            .filter((e) => (extras[e.id] ?? 0) > 0)
            .map((e) => ({ itemId: e.id, name: e.name, quantity: extras[e.id], price: e.price })),
          currency: hold.price.currency,
          partyTotal: hold.price.total,
        }),
      );
      navigate('/cart');
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.status === 409) {
        setError(t('book.placesGone'));
        setSlotId(null);
        setDay(null);
        api.availability(store.slug, offer.id, date, partyLines).then(setDay, () => {});
      } else setError(e instanceof ApiError && e.status !== 0 ? e.message : t('common.offline'));
    }
  };

  // Said before any place is held: nobody who collects this offer's payment can take it now.
  const bookable = offer.payment.available || offer.payment.pay_later;
  const payLater = !offer.payment.available && offer.payment.pay_later;
  const hint = !date ? t('book.pickDate') : participants === 0 ? t('book.pickParty') : !slot ? t('book.pickTime') : null;
  return (
    <section className="panel" id="book" aria-labelledby="book-title">
      <h2 id="book-title" className="panel__title">
        {t('book.title')}
      </h2>
      <h3 className="panel__step">{t('book.date')}</h3>
      <Calendar
        year={view.year}
        month={view.month}
        bookable={new Set(config?.days.map((d) => d.date))}
        selected={date}
        loading={config === null}
        canGoBack={view.year * 12 + view.month > Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7))}
        onSelect={(d) => {
          setDate(d);
          setSlotId(null);
        }}
        onMonth={(delta) => {
          autoMonths.current = MAX_AUTO_MONTHS;
          setView((v) => {
            const m = v.year * 12 + (v.month - 1) + delta;
            return { year: Math.floor(m / 12), month: (m % 12) + 1 };
          });
        }}
      />
      <PartyPicker
        offer={offer}
        rate={rate}
        party={party}
        onParty={setParty}
        extras={extras}
        onExtras={setExtras}
        maxGroup={config?.max_group_size ?? offer.max_group_size}
      />
      {date && (
        <SlotPicker
          slots={slots}
          loading={day?.date !== date}
          selected={slotId}
          onSelect={setSlotId}
          problems={problems.map((p) => p.detail)}
        />
      )}
      {error && <Alert>{error}</Alert>}
      <div className="panel__total">
        <span>{t('book.total')}</span>
        <strong aria-live="polite">{total !== null ? money(total, offer.currency, i18n.language) : '—'}</strong>
      </div>
      {bookable && hint && <p className="muted panel__hint">{hint}</p>}
      {payLater && <p className="muted panel__hint">{t('book.payLaterNote')}</p>}
      {bookable ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!slot?.price || !slot.fits || busy || participants === 0}
          onClick={addToCart}
        >
          {busy ? t('book.adding') : payLater ? t('book.payLater') : t('book.addToCart')}
        </button>
      ) : (
        <Alert tone="info">{t('book.notBookable')}</Alert>
      )}
    </section>
  );
};
