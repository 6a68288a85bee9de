/** The store being visited, its cart and the visitor's language, for every page below it. */
import type { StoreLanguage } from '@excursio/contract/stores';
import type { Webstore } from '@excursio/contract/webstore';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type CartLine, cartKey, loadCart, saveCart } from './cart.ts';

type StoreState = {
  store: Webstore;
  /** Pages of an embedded widget (no store chrome; the parent page is told about bookings). */
  embed: boolean;
  language: StoreLanguage;
  chooseLanguage: (language: StoreLanguage) => void;
  cart: CartLine[];
  updateCart: (change: (lines: CartLine[]) => CartLine[]) => void;
};

const StoreContext = createContext<StoreState | null>(null);

export const useStore = () => {
  const state = useContext(StoreContext);
  if (!state) throw new Error('useStore outside a store');
  return state;
};

export const StoreProvider = ({
  store,
  embed,
  language,
  chooseLanguage,
  children,
}: Omit<StoreState, 'cart' | 'updateCart'> & { children: ReactNode }) => {
  const [cart, setCart] = useState(() => loadCart(store.slug));
  useEffect(() => {
    setCart(loadCart(store.slug));
    // Another tab (or the embedded widget) changed the cart.
    const onStorage = (event: StorageEvent) => {
      if (event.key === cartKey(store.slug)) setCart(loadCart(store.slug));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store.slug]);
  const updateCart = useCallback(
    (change: (lines: CartLine[]) => CartLine[]) => {
      const next = change(loadCart(store.slug));
      saveCart(store.slug, next);
      setCart(next);
    },
    [store.slug],
  );
  const value = useMemo(
    () => ({ store, embed, language, chooseLanguage, cart, updateCart }),
    [store, embed, language, chooseLanguage, cart, updateCart],
  );
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
};

/** "Title · Store" in the tab. */
export const useDocumentTitle = (title: string | null | undefined) => {
  const { store } = useStore();
  useEffect(() => {
    document.title = title ? `${title} · ${store.name}` : store.name;
  }, [title, store.name]);
};
