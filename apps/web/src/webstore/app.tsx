/** The webstore's routes under /s: the default store, a store's pages, and the embeddable widget. */
import type { StoreLanguage } from '@excursio/contract/stores';
import type { Webstore } from '@excursio/contract/webstore';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Router, Switch } from 'wouter';
import { api } from './api.ts';
import { pickLanguage, setLanguage } from './i18n.ts';
import { Layout } from './layout.tsx';
import { CartPage, CheckoutPage, ConfirmationPage, HomePage, OfferPage } from './pages.ts';
import { StoreProvider } from './store-context.tsx';
import { applyAccent } from './theme.ts';
import { Loading, Message } from './ui.tsx';

export const App = () => {
  const [stores, setStores] = useState<Webstore[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    api.stores().then(
      (res) => setStores(res.results),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);
  const { t } = useTranslation();
  if (failed) {
    return (
      <main id="main" className="page">
        <Message title={t('common.offline')} action={{ label: t('common.retry'), onClick: load }} />
      </main>
    );
  }
  if (!stores) return <Loading />;
  return (
    <Router base="/s">
      <Switch>
        <Route path="/">
          <DefaultStore stores={stores} />
        </Route>
        <Route path="/:slug/embed" nest>
          {(params) => <StoreScope stores={stores} slug={params.slug} embed />}
        </Route>
        <Route path="/:slug" nest>
          {(params) => <StoreScope stores={stores} slug={params.slug} embed={false} />}
        </Route>
      </Switch>
    </Router>
  );
};

const DefaultStore = ({ stores }: { stores: Webstore[] }) => {
  const { t } = useTranslation();
  const store = stores.find((s) => s.is_default) ?? stores[0];
  if (store) return <Redirect to={`/${store.slug}/`} replace />;
  return (
    <main id="main" className="page">
      <Message title={t('common.noStores')} />
    </main>
  );
};

const StoreScope = ({ stores, slug, embed }: { stores: Webstore[]; slug: string; embed: boolean }) => {
  const { t } = useTranslation();
  const store = stores.find((s) => s.slug === slug);
  const [language, setChosen] = useState<StoreLanguage | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!store) return;
    applyAccent(store.accent_color);
    const initial = pickLanguage(store.languages);
    setChosen(initial);
    setLanguage(initial).finally(() => setReady(true));
  }, [store]);

  const chooseLanguage = useCallback((next: StoreLanguage) => {
    setLanguage(next, true).then(() => setChosen(next));
  }, []);

  if (!store) {
    return (
      <main id="main" className="page">
        <Message
          title={t('common.storeNotFound')}
          link={
            stores.length > 0
              ? { href: `~/s/${(stores.find((s) => s.is_default) ?? stores[0]).slug}/`, label: t('common.backToStore') }
              : undefined
          }
        />
      </main>
    );
  }
  if (!ready || !language) return <Loading />;
  const pages = (
    <Suspense fallback={<Loading inline />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/offers/:id" component={OfferPage} />
        <Route path="/cart" component={CartPage} />
        <Route path="/checkout" component={CheckoutPage} />
        <Route path="/confirmation" component={ConfirmationPage} />
        <Route>
          <Message title={t('common.pageNotFound')} link={{ href: '/', label: t('common.backToStore') }} />
        </Route>
      </Switch>
    </Suspense>
  );
  return (
    <StoreProvider store={store} embed={embed} language={language} chooseLanguage={chooseLanguage}>
      {embed ? (
        <main id="main" className="page page--embed">
          {pages}
        </main>
      ) : (
        <Layout>{pages}</Layout>
      )}
    </StoreProvider>
  );
};
