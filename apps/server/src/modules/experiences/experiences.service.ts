import {
  type ActivationStatus,
  EXPERIENCE_CATEGORIES,
  type Experience,
  type ExperienceCreateInput,
  type ExperienceListItem,
  type ExperiencePatchInput,
  type ExperienceType,
  type PublishFacts,
  publishProblems,
} from '@excursio/contract/experiences';
import type { ErrorItem } from '@excursio/contract/list';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { fieldsSnapshot, recordChange } from '../audit/audit.service.ts';
import { variantUrls } from '../media/image-urls.ts';
import { copyExperienceParts } from './experience-copy.repository.ts';
import { isKnownCurrency, isKnownLanguage } from './experience-options.ts';
import {
  accountDefaults,
  cancellationPolicyExists,
  deleteExperience,
  type ExperienceListRow,
  type ExperienceOrderingField,
  type ExperienceRow,
  type ExperienceValues,
  experienceImagesOf,
  experienceStats,
  findExperience,
  insertExperience,
  listExperiences,
  lockExperience,
  meetingPointExists,
  updateExperience,
} from './experiences.repository.ts';

/** Wire field → column, for every writable field of an offer (both directions use it). */
const COLUMNS = {
  type: 'type',
  status: 'status',
  title: 'title',
  category: 'category',
  subcategory: 'subcategory',
  address: 'address',
  city: 'city',
  country_code: 'countryCode',
  latitude: 'latitude',
  longitude: 'longitude',
  duration_minutes: 'durationMinutes',
  languages: 'languages',
  min_group_size: 'minGroupSize',
  max_group_size: 'maxGroupSize',
  time_zone: 'timeZone',
  currency: 'currency',
  is_open_dated: 'isOpenDated',
  daily_capacity: 'dailyCapacity',
  group_takes_one_place: 'groupTakesOnePlace',
  short_description: 'shortDescription',
  description: 'description',
  highlights: 'highlights',
  included: 'included',
  not_included: 'notIncluded',
  what_to_bring: 'whatToBring',
  important_information: 'importantInformation',
  booking_cutoff_minutes: 'bookingCutoffMinutes',
  confirmation_mode: 'confirmationMode',
  visibility: 'visibility',
  meeting_point_id: 'meetingPointId',
  cancellation_policy_id: 'cancellationPolicyId',
} as const satisfies Record<keyof ExperiencePatchInput, keyof ExperienceRow>;

type Field = keyof typeof COLUMNS;
type Fields = { [K in Field]: ExperienceRow[(typeof COLUMNS)[K]] };

const fieldsOf = (row: ExperienceRow) =>
  Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [field, row[column]])) as Fields;

const valuesOf = (input: ExperiencePatchInput): ExperienceValues =>
  Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [COLUMNS[field as Field], value]),
  );

type Stats = Awaited<ReturnType<typeof experienceStats>>;

export const publishFactsOf = (
  fields: Pick<Fields, 'type' | 'is_open_dated' | 'title' | 'description'>,
  stats: Stats,
): PublishFacts => ({
  type: fields.type,
  is_open_dated: fields.is_open_dated,
  title: fields.title,
  description: fields.description,
  images_count: stats.imagesCount,
  priced_rates_count: stats.pricedRatesCount,
  start_times_count: stats.startTimesCount,
});

/**
 * What a change would leave missing on an offer that is (or becomes) Active. Going Active from
 * Draft/Inactive: every problem. Staying Active: only the problems this change introduces, so an
 * offer that became incomplete elsewhere can still be edited (and set Inactive).
 */
export const problemsIntroduced = (wasActive: boolean, before: PublishFacts, after: PublishFacts) => {
  const now = publishProblems(after);
  if (!wasActive) return now;
  const already = new Set(publishProblems(before).map((p) => p.attr));
  return now.filter((p) => !already.has(p.attr));
};

/** Every publish problem as its own error item. */
const notPublishable = (problems: { attr: string; detail: string }[]) =>
  new AppError(
    400,
    problems.map((p) => ({ code: 'not_publishable', attr: p.attr, detail: p.detail })),
  );

const toExperience = (row: ExperienceRow, images: Awaited<ReturnType<typeof experienceImagesOf>>, stats: Stats): Experience => ({
  id: row.id,
  ...fieldsOf(row),
  images: images.map((image) => ({
    id: image.id,
    position: image.position,
    alt_text: image.altText,
    width: image.width,
    height: image.height,
    urls: variantUrls(image.variants),
  })),
  from_price: stats.fromPrice,
  from_price_category: stats.fromPriceCategory,
  rates_count: stats.ratesCount,
  start_times_count: stats.startTimesCount,
  publish_problems: publishProblems(publishFactsOf(fieldsOf(row), stats)),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toListItem = (row: ExperienceListRow): ExperienceListItem => ({
  id: row.id,
  type: row.type,
  status: row.status,
  title: row.title,
  category: row.category,
  subcategory: row.subcategory,
  city: row.city,
  currency: row.currency,
  from_price: row.fromPrice,
  from_price_category: row.fromPriceCategory,
  duration_minutes: row.durationMinutes,
  thumbnail_url: row.thumbVariants ? (variantUrls(row.thumbVariants).thumb ?? null) : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const listExperiencesPage = async (
  db: Db,
  accountId: string,
  query: {
    status?: ActivationStatus;
    type?: ExperienceType;
    search?: string;
    page: number;
    page_size: number;
    ordering: Ordering<ExperienceOrderingField>;
  },
) => {
  const term = query.search?.toLowerCase();
  const { rows, count } = await listExperiences(db, accountId, {
    status: query.status,
    type: query.type,
    search: query.search,
    // Categories are stored as slugs: a search for their label ('Tickets & passes') finds them too.
    searchCategories: term ? EXPERIENCE_CATEGORIES.filter((c) => c.label.toLowerCase().includes(term)).map((c) => c.value) : [],
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: rows.map(toListItem), count };
};

export const getExperience = async (db: Executor, accountId: string, experienceId: string) => {
  const row = await findExperience(db, accountId, experienceId);
  if (!row) throw notFound();
  const images = await experienceImagesOf(db, accountId, experienceId);
  return toExperience(row, images, await experienceStats(db, accountId, experienceId));
};

/**
 * Rules on the fields a write touches, checked against the offer as it would be afterwards.
 * Every refusal is collected, so the client sees all of them at once.
 */

/** Whether the meeting point is one of the organization's (offers and product configuration use it). */
export const isOwnMeetingPoint = (db: Executor, accountId: string, id: string) => meetingPointExists(db, accountId, id);

/** Whether the cancellation policy is one of the organization's. */
export const isOwnCancellationPolicy = (db: Executor, accountId: string, id: string) =>
  cancellationPolicyExists(db, accountId, id);

const checkFields = async (
  db: Executor,
  accountId: string,
  input: ExperiencePatchInput,
  next: Pick<Fields, 'category' | 'subcategory' | 'min_group_size' | 'max_group_size'>,
) => {
  const errors: ErrorItem[] = [];
  const refuse = (attr: string, detail: string, code = 'does_not_exist') => errors.push({ code, detail, attr });
  if (input.category !== undefined || input.subcategory !== undefined) {
    const category = EXPERIENCE_CATEGORIES.find((c) => c.value === next.category);
    if (next.category !== '' && !category) refuse('category', `Unknown category '${next.category}'.`);
    else if (next.subcategory !== '' && !category?.subcategories.some((s) => s.value === next.subcategory)) {
      refuse('subcategory', `Unknown subcategory '${next.subcategory}' for this category.`);
    }
  }
  if ((input.min_group_size !== undefined || input.max_group_size !== undefined) && next.max_group_size !== null) {
    if (next.max_group_size < next.min_group_size) {
      refuse('max_group_size', 'The maximum group size must be at least the minimum group size.', 'invalid');
    }
  }
  const unknownLanguages = (input.languages ?? []).filter((code) => !isKnownLanguage(code));
  if (unknownLanguages.length) refuse('languages', `Unknown language code: ${unknownLanguages.join(', ')}.`);
  if (input.currency !== undefined && !isKnownCurrency(input.currency)) {
    refuse('currency', `Unknown currency '${input.currency}'.`);
  }
  if (input.meeting_point_id && !(await meetingPointExists(db, accountId, input.meeting_point_id))) {
    refuse('meeting_point_id', 'Meeting point not found.');
  }
  if (input.cancellation_policy_id && !(await cancellationPolicyExists(db, accountId, input.cancellation_policy_id))) {
    refuse('cancellation_policy_id', 'Cancellation policy not found.');
  }
  if (errors.length) throw new AppError(400, errors);
};

const normalized = <T extends ExperiencePatchInput>(input: T): T =>
  input.languages ? { ...input, languages: [...new Set(input.languages)] } : input;

export const createExperience = async (db: Db, accountId: string, raw: ExperienceCreateInput) => {
  const input = normalized(raw);
  if (input.status !== undefined && input.status !== 'draft') {
    throw invalid('status', 'New offers start as Draft: set them Active once they are sellable.');
  }
  const id = await db.transaction(async (tx) => {
    const defaults = await accountDefaults(tx, accountId);
    const values = {
      timeZone: defaults.timeZone,
      currency: defaults.currency,
      cancellationPolicyId: defaults.cancellationPolicyId,
      meetingPointId: defaults.meetingPointId,
      ...valuesOf(input),
      status: 'draft' as const,
    };
    const next = { category: '', subcategory: '', min_group_size: 1, max_group_size: null, ...input };
    await checkFields(tx, accountId, input, next);
    const { id } = await insertExperience(tx, accountId, { ...values, type: input.type, title: input.title });
    const created = { ...input, status: 'draft', currency: values.currency, time_zone: values.timeZone };
    await recordChange(tx, accountId, { type: 'offer', id, label: input.title }, null, fieldsSnapshot(created));
    return id;
  });
  return getExperience(db, accountId, id);
};

/** PUT (every field) and PATCH (the given ones). Going Active is checked in the same transaction. */
export const changeExperience = async (db: Db, accountId: string, experienceId: string, raw: ExperiencePatchInput) => {
  const input = normalized(raw);
  await db.transaction(async (tx) => {
    const current = await lockExperience(tx, accountId, experienceId);
    if (!current) throw notFound();
    const before = fieldsOf(current);
    const next: Fields = {
      ...before,
      ...(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<Fields>),
    };
    await checkFields(tx, accountId, input, next);
    if (next.status === 'active') {
      const stats = await experienceStats(tx, accountId, experienceId);
      const problems = problemsIntroduced(before.status === 'active', publishFactsOf(before, stats), publishFactsOf(next, stats));
      if (problems.length) throw notPublishable(problems);
    }
    await updateExperience(tx, accountId, experienceId, valuesOf(input));
    const offer = { type: 'offer', id: experienceId, label: next.title } as const;
    await recordChange(tx, accountId, offer, fieldsSnapshot(before), fieldsSnapshot(next));
  });
  return getExperience(db, accountId, experienceId);
};

export const removeExperience = async (db: Db, accountId: string, experienceId: string) => {
  await db.transaction(async (tx) => {
    const current = await lockExperience(tx, accountId, experienceId);
    if (!current || !(await deleteExperience(tx, accountId, experienceId))) throw notFound();
    const offer = { type: 'offer', id: experienceId, label: current.title } as const;
    await recordChange(tx, accountId, offer, fieldsSnapshot({ title: current.title, status: current.status }), null);
  });
};

const COPY_SUFFIX = ' (copy)';
const TITLE_MAX = 200;

/** A Draft copy of the offer with all its parts, made in one transaction. */
export const duplicateExperience = async (db: Db, accountId: string, experienceId: string) => {
  const id = await db.transaction(async (tx) => {
    const source = await lockExperience(tx, accountId, experienceId);
    if (!source) throw notFound();
    const fields = fieldsOf(source);
    const title = `${fields.title.slice(0, TITLE_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const copy = await insertExperience(tx, accountId, { ...valuesOf(fields), type: fields.type, title, status: 'draft' });
    await copyExperienceParts(tx, accountId, source.id, copy.id);
    const created = fieldsSnapshot({ title, status: 'draft', copied_from: fields.title });
    await recordChange(tx, accountId, { type: 'offer', id: copy.id, label: title }, null, created, 'duplicated');
    return copy.id;
  });
  return getExperience(db, accountId, id);
};
