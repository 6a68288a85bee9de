/** After the booking: the reference, the bookings, their tickets, the calendar file; the widget tells its parent. */
import type { PublicOrder } from '@excursio/contract/orders';
import type { PublicBookingTicket } from '@excursio/contract/qr-codes';
import type { WebstoreBookedMessage } from '@excursio/contract/webstore';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { ApiError, api } from './api.ts';
import { formatDay, formatTime, money } from './format.ts';
import { CONFIRM_ATTEMPTS, confirmDelayMs, paymentArrived, paymentUnderway } from './payment-return.ts';
import { useDocumentTitle, useStore } from './store-context.tsx';
import { TicketsSection } from './tickets-section.tsx';
import { Loading, Message } from './ui.tsx';

export const ConfirmationPage = () => {
  const { t, i18n } = useTranslation();
  const { embed, store, updateCart } = useStore();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  // Back from the provider's checkout before its confirmation arrived: the order is on its way.
  const pendingReturn = params.get('payment') === 'pending';
  const [order, setOrder] = useState<PublicOrder | null>(null);
  const [missing, setMissing] = useState(false);
  // Back from the provider's checkout: the order exists once the payment is confirmed.
  const [confirming, setConfirming] = useState(false);
  const [stillPending, setStillPending] = useState(false);
  const [tickets, setTickets] = useState<PublicBookingTicket[]>([]);
  const title = !order
    ? null
    : order.status === 'canceled'
      ? t('confirmation.canceled')
      : order.status === 'confirmed'
        ? t('confirmation.confirmed')
        : t('confirmation.requested');
  useDocumentTitle(title);

  useEffect(() => {
    if (!sessionId) {
      setMissing(true);
      return;
    }
    const paying = paymentUnderway(store.slug) || pendingReturn;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (attempt: number) =>
      api.publicOrder(sessionId).then(
        (found) => {
          if (stopped) return;
          if (paymentUnderway(store.slug)) {
            paymentArrived(store.slug);
            updateCart(() => []);
          }
          setConfirming(false);
          setOrder(found);
        },
        (e) => {
          if (stopped) return;
          // Not there yet (the provider's confirmation is on its way): ask again, a little later each time.
          const notYet = e instanceof ApiError && (e.status === 404 || e.status === 409 || e.status === 0);
          if (paying && notYet && attempt + 1 < CONFIRM_ATTEMPTS) {
            setConfirming(true);
            timer = setTimeout(() => load(attempt + 1), confirmDelayMs(attempt));
          } else if (paying && notYet) {
            setConfirming(false);
            setStillPending(true);
          } else {
            setMissing(true);
          }
        },
      );
    void load(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, store.slug, updateCart, pendingReturn]);

  // Tickets exist once the booking is confirmed (an on-request booking gets them by email later).
  const confirmedOrder = order?.status === 'confirmed';
  useEffect(() => {
    if (!confirmedOrder) return;
    api.tickets(sessionId).then(
      (res) => setTickets(res.tickets),
      () => setTickets([]),
    );
  }, [confirmedOrder, sessionId]);

  useEffect(() => {
    if (!embed || !order || window.parent === window) return;
    const message: WebstoreBookedMessage = {
      type: 'excursio:booking-completed',
      reference: order.reference,
      session_id: sessionId,
      total: order.total,
      currency: order.currency,
    };
    window.parent.postMessage(message, '*');
  }, [embed, order, sessionId]);

  if (missing) return <Message title={t('confirmation.notFound')} link={{ href: '/', label: t('common.backToStore') }} />;
  if (stillPending) {
    return (
      <Message
        title={t('confirmation.stillPendingTitle')}
        text={t('confirmation.stillPending')}
        link={{ href: '/', label: t('common.backToStore') }}
      />
    );
  }
  if (confirming) {
    return (
      <div className="container narrow confirmation" role="status">
        <div className="confirmation__badge confirmation__badge--pending" aria-hidden="true">
          …
        </div>
        <h1 tabIndex={-1}>{t('confirmation.confirmingPayment')}</h1>
        <p className="lead">{t('confirmation.confirmingHint')}</p>
      </div>
    );
  }
  if (!order) return <Loading inline />;
  const lang = i18n.language;
  const m = (minor: number) => money(minor, order.currency, lang);
  const confirmed = order.status === 'confirmed';

  return (
    <div className="container narrow confirmation">
      <div className={confirmed ? 'confirmation__badge' : 'confirmation__badge confirmation__badge--pending'} aria-hidden="true">
        {confirmed ? '✓' : '…'}
      </div>
      <h1 tabIndex={-1}>{title}</h1>
      <p className="lead">
        {order.first_name && `${t('confirmation.thanks', { name: order.first_name })} `}
        {confirmed ? t('confirmation.confirmedText') : order.status === 'created' ? t('confirmation.requestedText') : null}
      </p>
      <div className="reference">
        <p className="reference__label">{t('confirmation.reference')}</p>
        <p className="reference__value">{order.reference}</p>
      </div>
      <section className="box" aria-labelledby="bookings-title">
        <h2 id="bookings-title" className="box__title">
          {t('confirmation.bookings')}
        </h2>
        <ul className="plain">
          {order.bookings.map((b) => (
            <li key={`${b.title}-${b.starts_at}`} className="booking">
              <h3 className="line__title">{b.title}</h3>
              <p>
                {formatDay(b.local_date, lang)}, {formatTime(b.starts_at, b.time_zone, lang)}
              </p>
              <p className="muted">{t('confirmation.guests', { count: b.participants })}</p>
            </li>
          ))}
        </ul>
        <dl className="totals">
          <div>
            <dt>{t('confirmation.total')}</dt>
            <dd>{m(order.total)}</dd>
          </div>
          <div>
            <dt>{t('confirmation.paid')}</dt>
            <dd>{m(order.paid)}</dd>
          </div>
          {order.total > order.paid && (
            <div>
              <dt>{t('confirmation.due')}</dt>
              <dd>{m(order.total - order.paid)}</dd>
            </div>
          )}
        </dl>
      </section>
      {tickets.length > 0 && <TicketsSection tickets={tickets} pdfUrl={api.ticketsPdfUrl(sessionId)} />}
      <div className="actions">
        <a className="button button--secondary" href={api.calendarUrl(sessionId)} download>
          {t('confirmation.calendar')}
        </a>
        {!embed && (
          <Link className="button button--ghost" href="/">
            {t('common.backToStore')}
          </Link>
        )}
      </div>
    </div>
  );
};
