import { describe, expect, it } from 'vitest';
import { EMPTY_SLUG_DRAFT, withName, withSlug } from './slug-draft.ts';

describe('the new store’s slug', () => {
  it('follows the name while the user has not typed a slug', () => {
    let draft = withName(EMPTY_SLUG_DRAFT, 'Lake');
    expect(draft.slug).toBe('lake');
    draft = withName(draft, 'Lake Tours & Möre!');
    expect(draft).toEqual({ name: 'Lake Tours & Möre!', slug: 'lake-tours-more', slugEdited: false });
  });

  it('keeps a slug the user typed when the name changes afterwards', () => {
    let draft = withSlug(withName(EMPTY_SLUG_DRAFT, 'Lake Tours'), 'summer');
    draft = withName(draft, 'Lake Tours Summer Edition');
    expect(draft.slug).toBe('summer');
    expect(draft.slugEdited).toBe(true);
  });

  it('follows the name again once the slug field is emptied', () => {
    let draft = withSlug(withName(EMPTY_SLUG_DRAFT, 'Harbour Walks'), 'walks');
    draft = withSlug(draft, '  ');
    expect(draft.slug).toBe('harbour-walks');
    draft = withName(draft, 'Harbour Walks Kiel');
    expect(draft.slug).toBe('harbour-walks-kiel');
  });
});
