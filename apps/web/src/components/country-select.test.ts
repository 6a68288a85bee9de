import { describe, expect, it } from 'vitest';
import { countryOptions } from './country-select.tsx';

describe('country options', () => {
  it('name every country in the given language, sorted by name, valued by ISO code', () => {
    const english = countryOptions('en');
    expect(english).toHaveLength(250);
    expect(english.find((o) => o.value === 'DE')?.label).toBe('Germany');
    const german = countryOptions('de');
    expect(german.find((o) => o.value === 'DE')?.label).toBe('Deutschland');
    expect(german.find((o) => o.value === 'SI')?.label).toBe('Slowenien');
    const labels = english.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('keep a stored code that is not in the list selectable', () => {
    expect(countryOptions('en', 'AN').some((o) => o.value === 'AN')).toBe(true);
    expect(countryOptions('en', 'DE')).toHaveLength(250);
  });
});
