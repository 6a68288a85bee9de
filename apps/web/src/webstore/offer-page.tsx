/** An offer: photos, what it is, meeting point, policy, itinerary, and the booking panel. */
import type { WebstoreExperience } from '@excursio/contract/webstore';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { type ApiError, api } from './api.ts';
import { BookingPanel } from './booking-panel.tsx';
import { money } from './format.ts';
import { Gallery } from './gallery.tsx';
import { OfferSections } from './offer-sections.tsx';
import { categoryLabel, durationInWords, groupSizeInWords, languagesInWords } from './offer-words.ts';
import { useDocumentTitle, useStore } from './store-context.tsx';
import { Loading, Message } from './ui.tsx';

/** The phone's "Check availability" bar steps aside while the booking panel is on screen. */
const usePanelInView = (ready: boolean) => {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const panel = ready ? document.getElementById('book') : null;
    if (!panel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting), { threshold: 0 });
    observer.observe(panel);
    return () => observer.disconnect();
  }, [ready]);
  return inView;
};

export const OfferPage = () => {
  const { t, i18n } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const { store, embed } = useStore();
  const [offer, setOffer] = useState<WebstoreExperience | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useDocumentTitle(offer?.title);
  const panelInView = usePanelInView(offer !== null);

  useEffect(() => {
    let live = true;
    setOffer(null);
    setError(null);
    api.offer(store.slug, id).then(
      (o) => live && setOffer(o),
      (e: ApiError) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [store.slug, id]);

  if (error) {
    return (
      <Message
        title={error.status === 404 ? t('common.pageNotFound') : t('common.offline')}
        link={{ href: '/', label: t('common.backToStore') }}
      />
    );
  }
  if (!offer) return <Loading inline />;

  const facts = [
    [t('offer.duration'), durationInWords(offer.duration_minutes, t)],
    [t('offer.languages'), languagesInWords(offer.languages, i18n.language)],
    [t('offer.groupSize'), groupSizeInWords(offer.min_group_size, offer.max_group_size, t)],
  ].filter((f): f is [string, string] => Boolean(f[1]));

  return (
    <div className={embed ? 'offer offer--embed' : 'offer container'}>
      <div className="offer__main">
        {!embed && <Gallery images={offer.images} title={offer.title} />}
        <header className="offer__header">
          {offer.category && (
            <p className="offer__category">
              {[
                offer.category_label || categoryLabel(offer.category),
                offer.subcategory_label || categoryLabel(offer.subcategory),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
          <h1 className="offer__title" tabIndex={-1}>
            {offer.title}
          </h1>
          {offer.city && <p className="offer__city">{offer.city}</p>}
          {facts.length > 0 && (
            <dl className="facts">
              {facts.map(([term, value]) => (
                <div key={term} className="facts__item">
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {offer.short_description && <p className="offer__lead">{offer.short_description}</p>}
        </header>
        {!embed && <OfferSections offer={offer} />}
      </div>
      <aside className="offer__aside" aria-labelledby="book-title">
        <BookingPanel offer={offer} />
      </aside>
      {!embed && offer.from_price !== null && !panelInView && (
        <div className="book-bar">
          <p className="book-bar__price">
            {t('offer.fromPrice', { price: money(offer.from_price, offer.currency, i18n.language) })}
          </p>
          <a className="button button--primary" href="#book">
            {t('offer.checkAvailability')}
          </a>
        </div>
      )}
    </div>
  );
};
