/** The webstore's pages, each its own chunk; `preloadFor` starts the one a URL needs at once. */
import { lazy } from 'react';

const loaders = {
  home: () => import('./home-page.tsx'),
  offer: () => import('./offer-page.tsx'),
  cart: () => import('./cart-page.tsx'),
  checkout: () => import('./checkout-page.tsx'),
  confirmation: () => import('./confirmation-page.tsx'),
};

export const HomePage = lazy(() => loaders.home().then((m) => ({ default: m.HomePage })));
export const OfferPage = lazy(() => loaders.offer().then((m) => ({ default: m.OfferPage })));
export const CartPage = lazy(() => loaders.cart().then((m) => ({ default: m.CartPage })));
export const CheckoutPage = lazy(() => loaders.checkout().then((m) => ({ default: m.CheckoutPage })));
export const ConfirmationPage = lazy(() => loaders.confirmation().then((m) => ({ default: m.ConfirmationPage })));

/** `/s/{slug}[/embed]/{page…}` → the page's loader. */
export const preloadFor = (pathname: string) => {
  const rest = pathname.replace(/^\/s\/?[^/]*\/?(embed\/?)?/, '');
  const page = rest.split('/')[0];
  const loader = page === '' ? loaders.home : page === 'offers' ? loaders.offer : (loaders[page as keyof typeof loaders] ?? null);
  void loader?.().catch(() => {});
};
