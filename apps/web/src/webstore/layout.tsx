/** The store's chrome: header (logo or name, language, cart), main landmark, footer. */
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { imageSrc } from './format.ts';
import { isLanguage, LANGUAGE_LABELS } from './i18n.ts';
import { useStore } from './store-context.tsx';

export const Layout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const { store, cart } = useStore();
  const [location] = useLocation();
  const first = useRef(true);

  // A new page: back to the top, and its heading gets the focus (as a page load would).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the page
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const timer = setTimeout(() => document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true }), 50);
    return () => clearTimeout(timer);
  }, [location]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="header">
        <div className="header__inner">
          <Link href="/" className="brand">
            {store.logo_urls ? (
              <img className="brand__logo" src={imageSrc(store.logo_urls, 'thumb')} alt={store.name} height={36} />
            ) : (
              <span className="brand__name">{store.name}</span>
            )}
          </Link>
          <div className="header__actions">
            <LanguageSwitcher />
            <Link href="/cart" className="cart-link" aria-label={t('common.cartWithCount', { count: cart.length })}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path
                  d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
                <circle cx="10" cy="20" r="1.5" fill="currentColor" />
                <circle cx="17" cy="20" r="1.5" fill="currentColor" />
              </svg>
              <span className="cart-link__text" aria-hidden="true">
                {t('common.cart')}
              </span>
              {cart.length > 0 && (
                <span className="cart-link__count" aria-hidden="true">
                  {cart.length}
                </span>
              )}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <div className="footer__inner">
          <p className="footer__org">{store.organization_name}</p>
          {(store.contact_email || store.contact_phone) && (
            <p>
              <span className="visually-hidden">{t('common.contact')}: </span>
              {store.contact_email && <a href={`mailto:${store.contact_email}`}>{store.contact_email}</a>}
              {store.contact_email && store.contact_phone && ' · '}
              {store.contact_phone && <a href={`tel:${store.contact_phone.replace(/\s/g, '')}`}>{store.contact_phone}</a>}
            </p>
          )}
          <p>
            {store.terms_url && <a href={store.terms_url}>{t('common.terms')}</a>}
            {store.terms_url && store.privacy_url && ' · '}
            {store.privacy_url && <a href={store.privacy_url}>{t('common.privacy')}</a>}
          </p>
          <p className="footer__powered">{t('common.poweredBy')}</p>
        </div>
      </footer>
    </>
  );
};

const LanguageSwitcher = () => {
  const { t } = useTranslation();
  const { store, language, chooseLanguage } = useStore();
  if (store.languages.length < 2) return null;
  return (
    <label className="language">
      <span className="visually-hidden">{t('common.language')}</span>
      <select
        className="language__select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
        }}
      >
        {store.languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_LABELS[code]}
          </option>
        ))}
      </select>
    </label>
  );
};
