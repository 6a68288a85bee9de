import { STORE_LANGUAGE_LABELS, STORE_LANGUAGES, type StoreLanguage } from '@excursio/contract/stores';
import { Checkbox, Group, Input, Select } from '@mantine/core';

/** The webstore's languages: which ones, and which is the default (kept first in the list). */
export const LanguagesField = ({
  value,
  onChange,
  error,
}: {
  value: StoreLanguage[];
  onChange: (next: StoreLanguage[]) => void;
  error?: string;
}) => {
  const toggle = (language: StoreLanguage, on: boolean) =>
    onChange(on ? [...value, language] : value.filter((l) => l !== language));
  const setDefault = (language: StoreLanguage) => onChange([language, ...value.filter((l) => l !== language)]);
  return (
    <Input.Wrapper label="Languages" description="The languages visitors can choose; the default is shown first." error={error}>
      <Group gap="lg" mt={8} align="flex-end">
        {STORE_LANGUAGES.map((language) => (
          <Checkbox
            key={language}
            label={STORE_LANGUAGE_LABELS[language]}
            checked={value.includes(language)}
            onChange={(e) => toggle(language, e.currentTarget.checked)}
          />
        ))}
        <Select
          label="Default language"
          data={value.map((l) => ({ value: l, label: STORE_LANGUAGE_LABELS[l] }))}
          value={value[0] ?? null}
          onChange={(next) => next && setDefault(next as StoreLanguage)}
          allowDeselect={false}
          disabled={value.length < 2}
          w={180}
        />
      </Group>
    </Input.Wrapper>
  );
};
