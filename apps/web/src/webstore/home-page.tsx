/** Store home: hero, filters, the offers as cards with "Show more". */
import type { WebstoreExperienceCard } from '@excursio/contract/webstore';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { api, type OfferFilters } from './api.ts';
import { HomeFilters } from './home-filters.tsx';
import { OfferCard } from './offer-card.tsx';
import { useDocumentTitle, useStore } from './store-context.tsx';
import { Alert, Picture } from './ui.tsx';

const PAGE_SIZE = 12;
const FILTER_KEYS = ['category', 'subcategory', 'keyword', 'date_from', 'date_to'] as const;

export const HomePage = () => {
  const { t } = useTranslation();
  const { store } = useStore();
  useDocumentTitle(null);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const value: OfferFilters = {};
    for (const key of FILTER_KEYS) {
      const v = params.get(key);
      if (v) value[key] = v;
    }
    return value;
  }, [params]);
  const filterKey = JSON.stringify(filters);

  const [offers, setOffers] = useState<WebstoreExperienceCard[] | null>(null);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    api.offers(store.slug, JSON.parse(filterKey), 1, PAGE_SIZE).then(
      (res) => {
        if (!live) return;
        setOffers(res.results);
        setCount(res.count);
        setPage(1);
        setHasMore(res.next !== null);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [store.slug, filterKey]);

  const showMore = () => {
    setLoadingMore(true);
    api
      .offers(store.slug, filters, page + 1, PAGE_SIZE)
      .then(
        (res) => {
          setOffers((current) => [...(current ?? []), ...res.results]);
          setPage(page + 1);
          setHasMore(res.next !== null);
        },
        () => setFailed(true),
      )
      .finally(() => setLoadingMore(false));
  };

  const setFilters = (next: OfferFilters) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, next[key] as string);
    setParams(search, { replace: true });
  };
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <section className={store.hero_urls ? 'hero hero--image' : 'hero'} aria-labelledby="store-title">
        {store.hero_urls && (
          <Picture
            className="hero__image"
            image={{ urls: store.hero_urls, alt_text: '', width: 1920, height: 1080 }}
            sizes="100vw"
            prefer="large"
            eager
          />
        )}
        <div className="hero__text">
          <h1 id="store-title" className="hero__title" tabIndex={-1}>
            {store.headline || store.name}
          </h1>
          {store.description && <p className="hero__description">{store.description}</p>}
        </div>
      </section>
      <div className="container">
        <HomeFilters categories={store.categories} filters={filters} onChange={setFilters} />
        {failed && <Alert>{t('common.offline')}</Alert>}
        <section aria-labelledby="offers-count" aria-busy={offers === null}>
          <h2 id="offers-count" className="results__count">
            {offers === null ? t('common.loading') : t('home.offers', { count })}
          </h2>
          {offers === null ? (
            <ul className="cards" aria-hidden="true">
              {[0, 1, 2].map((i) => (
                <li key={i} className="card card--skeleton" />
              ))}
            </ul>
          ) : offers.length === 0 ? (
            <div className="empty">
              <p className="empty__title">{t('home.empty')}</p>
              <p>{t('home.emptyHint')}</p>
              {filtered && (
                <button type="button" className="button button--secondary" onClick={() => setFilters({})}>
                  {t('home.clear')}
                </button>
              )}
            </div>
          ) : (
            <ul className="cards">
              {offers.map((offer, index) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} eager={index < 1 && !store.hero_urls} />
                </li>
              ))}
            </ul>
          )}
          {hasMore && (
            <div className="more">
              <button type="button" className="button button--secondary" onClick={showMore} disabled={loadingMore}>
                {loadingMore ? t('common.loading') : t('home.showMore')}
              </button>
            </div>
          )}
        </section>
      </div>
    </>
  );
};
