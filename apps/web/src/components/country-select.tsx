import { COUNTRY_CODES } from '@excursio/contract/countries';
import { type ComboboxItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';

/** The browser's language: country names are shown in it (stored values stay ISO codes). */
const userLocale = () => (typeof navigator !== 'undefined' && navigator.languages?.[0]) || 'en';

const regionNames = (locale: string) => {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    return null;
  }
};

let shownNames: Intl.DisplayNames | null | undefined;
/** A country's name in the user's language ('—' for none, the code when unknown). */
export const countryName = (code: string) => {
  if (!code) return '—';
  if (shownNames === undefined) shownNames = regionNames(userLocale());
  return shownNames?.of(code) ?? code;
};

/** Every country as { value: ISO code, label: its name in `locale` }, sorted by name. */
export const countryOptions = (locale: string, current?: string | null): ComboboxItem[] => {
  const names = regionNames(locale);
  const codes = current && !COUNTRY_CODES.includes(current) ? [...COUNTRY_CODES, current] : COUNTRY_CODES;
  return codes
    .map((code) => ({ value: code, label: names?.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
};

/** Typing matches a country's name anywhere, or its code exactly ("de" finds Germany). */
const byNameOrCode: OptionsFilter = ({ options, search }) => {
  const term = search.trim().toLowerCase();
  if (!term) return options;
  return (options as ComboboxItem[]).filter(
    (option) => option.label.toLowerCase().includes(term) || option.value.toLowerCase() === term,
  );
};

/** A searchable country select: names in the user's language, the value an ISO 3166-1 alpha-2 code. */
export const CountrySelect = ({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'onChange'> & { onChange: (code: string) => void }) => {
  const data = useMemo(() => countryOptions(userLocale(), value), [value]);
  return (
    <Select
      placeholder="Choose a country"
      {...props}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchable
      clearable
      filter={byNameOrCode}
      nothingFoundMessage="No country by that name"
      comboboxProps={{ withinPortal: true }}
    />
  );
};
