import type { WebstoreExperienceCard } from '@excursio/contract/webstore';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { money } from './format.ts';
import { useDuration } from './offer-words.ts';
import { Picture } from './ui.tsx';

/** One offer in the store's list: the whole card is the link to its page. */
export const OfferCard = ({ offer, eager }: { offer: WebstoreExperienceCard; eager: boolean }) => {
  const { t, i18n } = useTranslation();
  const duration = useDuration(offer.duration_minutes);
  return (
    <article className="card">
      <div className="card__media">
        {offer.image ? (
          <Picture image={offer.image} sizes="(min-width: 1100px) 340px, (min-width: 700px) 50vw, 100vw" eager={eager} />
        ) : (
          <div className="card__placeholder" aria-hidden="true" />
        )}
        {offer.featured && <span className="badge">{t('home.featured')}</span>}
      </div>
      <div className="card__body">
        <h3 className="card__title">
          <Link href={`/offers/${offer.id}`} className="card__link">
            {offer.title}
          </Link>
        </h3>
        <p className="card__meta">{[duration, offer.city].filter(Boolean).join(' · ')}</p>
        {offer.from_price !== null && (
          <p className="card__price">{t('home.from', { price: money(offer.from_price, offer.currency, i18n.language) })}</p>
        )}
      </div>
    </article>
  );
};
