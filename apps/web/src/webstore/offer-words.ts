/** Offer wording in the visitor's language (durations, group sizes, language names). */
import { useTranslation } from 'react-i18next';
import en from './locales/en.ts';

/** A category as the server names it ('walking-tours') as words ('Walking tours'). */
export const categoryLabel = (slug: string) => {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * A pricing category's name in the visitor's language: a category still named as its type in
 * English ('Adult', the name a new category gets) says its type in the chosen language
 * ('Erwachsene'); a name of the operator's own ('Kids under 12') stays as typed.
 */
export const categoryName = (category: { name: string; type: string }, t: Translate): string => {
  const english = (en.categoryType as Record<string, string>)[category.type];
  return english && category.name.trim().toLowerCase() === english.toLowerCase()
    ? t(`categoryType.${category.type}`)
    : category.name;
};

/** 45 → "45 min", 90 → "1 h 30 min", 1440 → "1 day". */
export const durationInWords = (minutes: number | null | undefined, t: Translate): string | null => {
  if (!minutes || minutes <= 0) return null;
  if (minutes >= 1440 && minutes % 1440 === 0) return t('time.days', { count: minutes / 1440 });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('time.minutes', { count: m });
  return m === 0 ? t('time.hoursOnly', { h }) : t('time.hoursMinutes', { h, m });
};

export const useDuration = (minutes: number | null | undefined) => {
  const { t } = useTranslation();
  return durationInWords(minutes, t);
};

export const groupSizeInWords = (min: number, max: number | null, t: Translate): string | null => {
  if (max !== null && max > 0) return min <= 1 ? t('offer.upTo', { count: max }) : t('offer.groupRange', { min, max });
  return min > 1 ? t('offer.groupFrom', { count: min }) : null;
};

/** ['de', 'en'] → "German, English" in the visitor's language. */
export const languagesInWords = (codes: readonly string[], lang: string): string | null => {
  if (codes.length === 0) return null;
  try {
    const names = new Intl.DisplayNames([lang], { type: 'language' });
    return codes.map((code) => names.of(code) ?? code).join(', ');
  } catch {
    return codes.join(', ');
  }
};
