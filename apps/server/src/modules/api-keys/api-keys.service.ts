import type { ApiKey, ApiKeyCreated, ApiKeyInput } from '@excursio/contract/api-keys';
import type { ListQuery } from '@excursio/contract/list';
import { hasPermissions } from '@excursio/contract/permissions';
import type { Db } from '../../db/client.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { permissionSetsOf } from '../auth/principal.repository.ts';
import {
  type ApiKeyOrderingField,
  type ApiKeyRow,
  findApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
} from './api-keys.repository.ts';
import { newSecret } from './secrets.ts';

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  status: row.revokedAt ? 'revoked' : 'active',
  created_at: row.createdAt.toISOString(),
  created_by: row.creatorId
    ? {
        id: row.creatorId,
        name: `${row.creatorFirstName ?? ''} ${row.creatorLastName ?? ''}`.trim(),
        email: row.creatorEmail ?? '',
      }
    : null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export const listKeys = async (
  db: Db,
  accountId: string,
  query: Omit<ListQuery, 'ordering'> & { status?: 'active' | 'revoked'; ordering: Ordering<ApiKeyOrderingField> },
) => {
  const { rows, count } = await listApiKeys(db, accountId, { ...query, ...pageWindow(query) });
  return { results: rows.map(toApiKey), count };
};

/**
 * A new key for the creator's organization, holding the chosen permissions — never one the creator
 * does not hold. The secret is in this answer only; the database keeps its hash.
 */
export const createKey = async (db: Db, creator: UserPrincipal, input: ApiKeyInput): Promise<ApiKeyCreated> => {
  const appInfo = { permission_sets: await permissionSetsOf(db) };
  const missing = input.scopes.filter((title) => !hasPermissions({ role: creator.role }, appInfo, [title]));
  if (missing.length) {
    throw invalid(
      'scopes',
      `You cannot give a key a permission you do not hold yourself: ${missing.join(', ')}.`,
      'scope_not_held',
    );
  }
  const { secret, hash, prefix } = newSecret();
  const id = await insertApiKey(db, {
    accountId: creator.accountId,
    name: input.name,
    prefix,
    secretHash: hash,
    scopes: input.scopes,
    createdBy: creator.userId,
  });
  const row = await findApiKey(db, creator.accountId, id);
  if (!row) throw new Error('the new API key was not found');
  return { ...toApiKey(row), secret };
};

/** Revokes a key: it is refused from the next request on. Revoking a revoked key changes nothing. */
export const revokeKey = async (db: Db, revoker: UserPrincipal, id: string, at: Date) => {
  if (await revokeApiKey(db, revoker.accountId, id, revoker.userId, at)) return;
  if (!(await findApiKey(db, revoker.accountId, id))) throw notFound('This API key does not exist.');
};
