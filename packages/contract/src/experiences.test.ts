import { describe, expect, it } from 'vitest';
import { EXPERIENCE_CATEGORIES, experienceListFilters, type PublishFacts, publishProblems } from './experiences.ts';

const sellable: PublishFacts = {
  type: 'transfer',
  is_open_dated: false,
  title: 'Harbour shuttle',
  description: 'Door to door.',
  images_count: 1,
  priced_rates_count: 1,
  start_times_count: 1,
};
const attrs = (facts: PublishFacts) => publishProblems(facts).map((p) => p.attr);

describe('publish rule', () => {
  it('passes a sellable offer', () => {
    expect(publishProblems(sellable)).toEqual([]);
  });

  it('names every missing part, field by field, in a stable order', () => {
    const empty: PublishFacts = {
      ...sellable,
      title: '',
      description: '',
      images_count: 0,
      priced_rates_count: 0,
      start_times_count: 0,
    };
    expect(attrs(empty)).toEqual(['title', 'description', 'images', 'rates', 'start_times']);
    for (const problem of publishProblems(empty)) expect(problem.detail).toMatch(/\.$/);
  });

  it('treats whitespace-only texts as missing', () => {
    expect(attrs({ ...sellable, title: '   ', description: '\n\t' })).toEqual(['title', 'description']);
  });

  it('needs a rate with a price, not only a rate', () => {
    expect(attrs({ ...sellable, priced_rates_count: 0 })).toEqual(['rates']);
  });

  it('needs no start times for an open-dated pass, but does for every other offer', () => {
    expect(attrs({ ...sellable, type: 'ticket', is_open_dated: true, start_times_count: 0 })).toEqual([]);
    expect(attrs({ ...sellable, type: 'ticket', is_open_dated: false, start_times_count: 0 })).toEqual(['start_times']);
    // Only tickets can be open-dated: the flag on a rental does not waive the schedule.
    expect(attrs({ ...sellable, type: 'rental', is_open_dated: true, start_times_count: 0 })).toEqual(['start_times']);
  });
});

describe('list filters', () => {
  it('accept the wire value or the label in any case; All and empty mean no filter', () => {
    expect(experienceListFilters.status.parse('Draft')).toBe('draft');
    expect(experienceListFilters.status.parse('active')).toBe('active');
    expect(experienceListFilters.type.parse('Ticket & Passes')).toBe('ticket');
    expect(experienceListFilters.type.parse('All')).toBeUndefined();
    expect(experienceListFilters.status.parse('')).toBeUndefined();
    expect(experienceListFilters.status.safeParse('published').success).toBe(false);
  });
});

describe('categories', () => {
  it('have unique slug values, within each category too', () => {
    const values = EXPERIENCE_CATEGORIES.map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
    for (const category of EXPERIENCE_CATEGORIES) {
      const subs = category.subcategories.map((s) => s.value);
      expect(new Set(subs).size).toBe(subs.length);
      for (const value of subs) expect(value).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});
