/** The confirmation's tickets: one QR code per confirmed booking (drawn here from the signed content) with its code. */
import type { PublicBookingTicket } from '@excursio/contract/qr-codes';
import { groupShortCode } from '@excursio/contract/tickets';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatTime } from './format.ts';

const QrCode = lazy(() => import('./qr-code.tsx').then((m) => ({ default: m.QrCode })));

export const TicketsSection = ({ tickets, pdfUrl }: { tickets: PublicBookingTicket[]; pdfUrl: string }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="box" aria-labelledby="tickets-title">
      <h2 id="tickets-title" className="box__title">
        {t('confirmation.tickets', { count: tickets.length })}
      </h2>
      <p className="muted tickets__hint">{t('confirmation.ticketsText')}</p>
      <ul className="plain tickets">
        {tickets.map((ticket) => (
          <li key={ticket.code} className="ticket">
            <Suspense fallback={<div className="qr qr--placeholder" />}>
              <QrCode value={ticket.content} label={t('confirmation.ticketAlt', { title: ticket.experience_title })} />
            </Suspense>
            <div className="ticket__facts">
              <h3 className="line__title">{ticket.experience_title}</h3>
              <p>
                {formatDay(ticket.local_date, lang)}, {formatTime(ticket.starts_at, ticket.time_zone, lang)}
              </p>
              <p className="muted">{t('confirmation.guests', { count: ticket.participants })}</p>
              <p className="ticket__code">
                <span className="muted">{t('confirmation.ticketCode')}</span> <strong>{groupShortCode(ticket.code)}</strong>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="actions">
        <a className="button button--secondary" href={pdfUrl} download>
          {t('confirmation.downloadTickets', { count: tickets.length })}
        </a>
      </div>
    </section>
  );
};
