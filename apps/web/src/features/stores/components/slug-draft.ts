import { slugOf } from '@excursio/contract/stores';

/**
 * The new-store form's name and slug: the slug follows the name (the contract's `slugOf`) until the
 * user types a slug of their own; emptying the slug field makes it follow the name again.
 */
export type SlugDraft = { name: string; slug: string; slugEdited: boolean };

export const EMPTY_SLUG_DRAFT: SlugDraft = { name: '', slug: '', slugEdited: false };

export const withName = (draft: SlugDraft, name: string): SlugDraft => ({
  ...draft,
  name,
  slug: draft.slugEdited ? draft.slug : slugOf(name),
});

export const withSlug = (draft: SlugDraft, slug: string): SlugDraft =>
  slug.trim() === '' ? { ...draft, slug: slugOf(draft.name), slugEdited: false } : { ...draft, slug, slugEdited: true };
