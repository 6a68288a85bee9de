/** The store's filters: keyword, category and type chips, a date range. */
import type { Webstore } from '@excursio/contract/webstore';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferFilters } from './api.ts';
import { categoryLabel } from './offer-words.ts';

type Props = { categories: Webstore['categories']; filters: OfferFilters; onChange: (filters: OfferFilters) => void };

export const HomeFilters = ({ categories, filters, onChange }: Props) => {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const latest = useRef(filters);
  latest.current = filters;

  // Typing searches after a pause; the URL keeps the search for the back button and sharing.
  useEffect(() => {
    if ((latest.current.keyword ?? '') === keyword.trim()) return;
    const timer = setTimeout(() => onChange({ ...latest.current, keyword: keyword.trim() || undefined }), 350);
    return () => clearTimeout(timer);
  }, [keyword, onChange]);

  const active = categories.find((c) => c.name === filters.category);
  const set = (change: OfferFilters) => onChange({ ...filters, ...change });
  const any = Object.values(filters).some(Boolean);

  return (
    <search className="filters" aria-label={t('home.filters')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          set({ keyword: keyword.trim() || undefined });
        }}
      >
        <label className="field">
          <span className="field__label">{t('home.keyword')}</span>
          <input
            className="input"
            type="search"
            name="keyword"
            value={keyword}
            placeholder={t('home.keywordPlaceholder')}
            onChange={(event) => setKeyword(event.target.value)}
            enterKeyHint="search"
          />
        </label>
      </form>
      {categories.length > 0 && (
        <fieldset className="chips-field">
          <legend className="field__label">{t('home.category')}</legend>
          <div className="chips">
            <Chip pressed={!filters.category} onClick={() => set({ category: undefined, subcategory: undefined })}>
              {t('home.all')}
            </Chip>
            {categories.map((c) => (
              <Chip
                key={c.name}
                pressed={filters.category === c.name}
                onClick={() => set({ category: c.name, subcategory: undefined })}
              >
                {c.label || categoryLabel(c.name)}
              </Chip>
            ))}
          </div>
        </fieldset>
      )}
      {active && active.subcategories.length > 0 && (
        <fieldset className="chips-field">
          <legend className="field__label">{t('home.subcategory')}</legend>
          <div className="chips">
            <Chip pressed={!filters.subcategory} onClick={() => set({ subcategory: undefined })}>
              {t('home.all')}
            </Chip>
            {active.subcategories.map((s) => (
              <Chip key={s.name} pressed={filters.subcategory === s.name} onClick={() => set({ subcategory: s.name })}>
                {s.label || categoryLabel(s.name)}
              </Chip>
            ))}
          </div>
        </fieldset>
      )}
      <div className="dates">
        <label className="field">
          <span className="field__label">{t('home.dateFrom')}</span>
          <input
            className="input"
            type="date"
            value={filters.date_from ?? ''}
            max={filters.date_to}
            onChange={(event) => set({ date_from: event.target.value || undefined })}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('home.dateTo')}</span>
          <input
            className="input"
            type="date"
            value={filters.date_to ?? ''}
            min={filters.date_from}
            onChange={(event) => set({ date_to: event.target.value || undefined })}
          />
        </label>
      </div>
      {any && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setKeyword('');
            onChange({});
          }}
        >
          {t('home.clear')}
        </button>
      )}
    </search>
  );
};

const Chip = ({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) => (
  <button type="button" className="chip" aria-pressed={pressed} onClick={onClick}>
    {children}
  </button>
);
