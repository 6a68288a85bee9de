import type { PricingCategory, PricingCategoryType } from '@excursio/contract/pricing';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import {
  countRatesPricingCategory,
  deletePricingCategory,
  findPricingCategory,
  insertPricingCategory,
  listPricingCategories,
  lockPricingCategory,
  type PricingCategoryOrderingField,
  type PricingCategoryRow,
  pricingCategoryNameTaken,
  updatePricingCategory,
} from './pricing-categories.repository.ts';

/** Category names for the party lines other modules print (mails, invoices). */
export { pricingCategoryNames } from './pricing-categories.repository.ts';

const NAME_TAKEN = 'A pricing category with this name already exists.';

type CategoryInput = {
  name?: string;
  type?: PricingCategoryType;
  min_age?: number | null;
  max_age?: number | null;
  description?: string;
};

const toPricingCategory = (row: PricingCategoryRow): PricingCategory => ({
  id: row.id,
  name: row.name,
  type: row.type,
  min_age: row.minAge,
  max_age: row.maxAge,
  description: row.description,
  rates_count: row.ratesCount,
  created_at: row.createdAt.toISOString(),
});

const toValues = (input: CategoryInput) => ({
  name: input.name,
  type: input.type,
  minAge: input.min_age,
  maxAge: input.max_age,
  description: input.description,
});

/** The unique index backs the name check against a concurrent insert of the same name. */
const translateUnique = (error: unknown): never => {
  if (uniqueViolation(error) !== null) throw conflict('name', NAME_TAKEN);
  throw error;
};

export const listPricingCategoriesPage = async (
  db: Db,
  accountId: string,
  query: {
    page: number;
    page_size: number;
    search?: string;
    type?: PricingCategoryType;
    ordering: Ordering<PricingCategoryOrderingField>;
  },
) => {
  const { rows, count } = await listPricingCategories(db, accountId, {
    search: query.search,
    type: query.type,
    ordering: query.ordering,
    ...pageWindow(query),
  });
  return { results: rows.map(toPricingCategory), count };
};

export const getPricingCategory = async (db: Executor, accountId: string, id: string) => {
  const row = await findPricingCategory(db, accountId, id);
  if (!row) throw notFound();
  return toPricingCategory(row);
};

export const createPricingCategory = async (
  db: Db,
  accountId: string,
  input: Required<CategoryInput>,
): Promise<PricingCategory> => {
  try {
    const id = await db.transaction(async (tx) => {
      if (await pricingCategoryNameTaken(tx, accountId, input.name)) throw conflict('name', NAME_TAKEN);
      const { name, type, min_age: minAge, max_age: maxAge, description } = input;
      return (await insertPricingCategory(tx, accountId, { name, type, minAge, maxAge, description })).id;
    });
    return await getPricingCategory(db, accountId, id);
  } catch (error) {
    return translateUnique(error);
  }
};

/** PUT (every field given) and PATCH (only the given fields) share this. */
export const changePricingCategory = async (db: Db, accountId: string, id: string, input: CategoryInput) => {
  try {
    await db.transaction(async (tx) => {
      const current = await lockPricingCategory(tx, accountId, id);
      if (!current) throw notFound();
      if (input.name !== undefined && (await pricingCategoryNameTaken(tx, accountId, input.name, id))) {
        throw conflict('name', NAME_TAKEN);
      }
      // A patch of one bound is checked against the stored other one.
      const minAge = input.min_age === undefined ? current.minAge : input.min_age;
      const maxAge = input.max_age === undefined ? current.maxAge : input.max_age;
      if (minAge !== null && maxAge !== null && minAge > maxAge) {
        throw invalid('max_age', 'The minimum age must not exceed the maximum age.');
      }
      await updatePricingCategory(tx, accountId, id, toValues(input));
    });
  } catch (error) {
    translateUnique(error);
  }
  return getPricingCategory(db, accountId, id);
};

export const removePricingCategory = async (db: Db, accountId: string, id: string) => {
  await db.transaction(async (tx) => {
    if (!(await lockPricingCategory(tx, accountId, id))) throw notFound();
    const rates = await countRatesPricingCategory(tx, accountId, id);
    if (rates > 0) {
      throw badRequest(
        `This pricing category is priced by ${rates} ${rates === 1 ? 'rate' : 'rates'}. Remove it from ${rates === 1 ? 'that rate' : 'those rates'} first.`,
        'in_use',
      );
    }
    await deletePricingCategory(tx, accountId, id);
  });
};
