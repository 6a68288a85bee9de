import type { CancellationPolicy } from '@excursio/contract/booking-info';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import {
  type CancellationPolicyOrderingField,
  type CancellationPolicyRow,
  type CancellationPolicyValues,
  cancellationPolicyNameTaken,
  deleteCancellationPolicy,
  findCancellationPolicy,
  insertCancellationPolicy,
  listCancellationPolicies,
  updateCancellationPolicy,
} from './cancellation-policies.repository.ts';
import { countExperiencesUsing, lockAccountScope } from './shared.repository.ts';
import { inUse, nameTaken } from './shared.ts';

type Input = Partial<CancellationPolicyValues>;
const WHAT = 'cancellation policy';
/** No tiers: nothing is refunded (see `refundPercent`). */
const DEFAULTS = { description: '', tiers: [] };

const toPolicy = (row: CancellationPolicyRow): CancellationPolicy => ({
  id: row.id,
  name: row.name,
  description: row.description,
  tiers: row.tiers,
  created_at: row.createdAt.toISOString(),
});

const stored = (row: CancellationPolicyRow): CancellationPolicyValues => ({
  name: row.name,
  description: row.description,
  tiers: row.tiers,
});

export const listCancellationPoliciesPage = async (
  db: Db,
  accountId: string,
  query: { page: number; page_size: number; search?: string; ordering: Ordering<CancellationPolicyOrderingField> },
) => {
  const { rows, count } = await listCancellationPolicies(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toPolicy), count };
};

export const getCancellationPolicy = async (db: Db, accountId: string, id: string) => {
  const row = await findCancellationPolicy(db, accountId, id);
  if (!row) throw notFound();
  return toPolicy(row);
};

/** Create (id null), full replace and partial update. Tiers arrive checked and sorted by the contract. */
const save = (
  db: Db,
  accountId: string,
  id: string | null,
  merge: (current: CancellationPolicyRow | null) => CancellationPolicyValues,
) =>
  db.transaction(async (tx) => {
    await lockAccountScope(tx, accountId, 'cancellation_policies');
    const current = id === null ? null : await findCancellationPolicy(tx, accountId, id, true);
    if (id !== null && !current) throw notFound();
    const values = merge(current);
    if (await cancellationPolicyNameTaken(tx, accountId, values.name, id ?? undefined)) throw nameTaken(WHAT);
    const row =
      id === null
        ? await insertCancellationPolicy(tx, accountId, values)
        : await updateCancellationPolicy(tx, accountId, id, values);
    return toPolicy(row);
  });

export const createCancellationPolicy = (db: Db, accountId: string, input: Input & { name: string }) =>
  save(db, accountId, null, () => ({ ...DEFAULTS, ...input }));

export const replaceCancellationPolicy = (db: Db, accountId: string, id: string, input: Input & { name: string }) =>
  save(db, accountId, id, () => ({ ...DEFAULTS, ...input }));

export const updateCancellationPolicyFields = (db: Db, accountId: string, id: string, patch: Input) =>
  save(db, accountId, id, (current) => ({ ...stored(current as CancellationPolicyRow), ...patch }));

/** Refused while offers use it: the FK would silently leave them without a policy. */
export const removeCancellationPolicy = (db: Db, accountId: string, id: string) =>
  db.transaction(async (tx) => {
    if (!(await findCancellationPolicy(tx, accountId, id, true))) throw notFound();
    const used = await countExperiencesUsing(tx, accountId, 'cancellationPolicyId', id);
    if (used > 0) throw inUse(used, WHAT);
    await deleteCancellationPolicy(tx, accountId, id);
  });
