/**
 * i18next for the webstore: English is bundled, every other language is its own chunk loaded when
 * a visitor (or a store whose first language it is) chooses it. The choice is kept in localStorage.
 */
import type { StoreLanguage } from '@excursio/contract/stores';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.ts';

export type Messages<T = typeof en> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export const LANGUAGE_LABELS: Record<StoreLanguage, string> = { en: 'English', de: 'Deutsch' };
const LOADERS: Record<Exclude<StoreLanguage, 'en'>, () => Promise<{ default: Messages }>> = {
  de: () => import('./locales/de.ts'),
};
const STORAGE_KEY = 'excursio.webstore.language';

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

export const isLanguage = (value: unknown): value is StoreLanguage => typeof value === 'string' && value in LANGUAGE_LABELS;

export const storedLanguage = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

/** The visitor's language among the store's: their earlier choice, else the store's first. */
export const pickLanguage = (languages: readonly StoreLanguage[], stored = storedLanguage()): StoreLanguage =>
  isLanguage(stored) && languages.includes(stored) ? stored : (languages[0] ?? 'en');

export const setLanguage = async (language: StoreLanguage, remember = false) => {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    const messages = await LOADERS[language]();
    i18next.addResourceBundle(language, 'translation', messages.default);
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {}
  }
};

export default i18next;
