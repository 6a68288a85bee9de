// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import i18next, { setLanguage } from './i18n.ts';
import { categoryName } from './offer-words.ts';

describe('pricing category names in the visitor’s language', () => {
  it('says a category still named as its type in German; an own name stays as typed', async () => {
    await setLanguage('de');
    const t = i18next.t.bind(i18next) as (key: string) => string;
    try {
      expect(categoryName({ name: 'Adult', type: 'adult' }, t)).toBe('Erwachsene');
      expect(categoryName({ name: 'child', type: 'child' }, t)).toBe('Kind');
      expect(categoryName({ name: 'Kids under 12', type: 'child' }, t)).toBe('Kids under 12');
      expect(categoryName({ name: 'Senior', type: 'adult' }, t)).toBe('Senior');
    } finally {
      await setLanguage('en');
    }
    expect(categoryName({ name: 'Adult', type: 'adult' }, i18next.t.bind(i18next) as (key: string) => string)).toBe('Adult');
  });
});
