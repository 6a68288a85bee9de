import type { ApiKey, ApiKeyCreated, ApiKeyInput } from '@excursio/contract/api-keys';
import type { ListQuery } from '@excursio/contract/list';
import { hasPermissions } from '@excursio/contract/permissions';
import type { Db } from '../../db/client.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { invalid, notFound } from '../../http/app-error.ts';
import { type Ordering, pageWindow } from '../../http/paging.ts';
import { fieldsSnapshot, recordChange } from '../audit/audit.service.ts';
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
  const row = await db.transaction(async (tx) => {
    const id = await insertApiKey(tx, {
      accountId: creator.accountId,
      name: input.name,
      prefix,
      secretHash: hash,
      scopes: input.scopes,
      createdBy: creator.userId,
    });
    const created = await findApiKey(tx, creator.accountId, id);
    if (!created) throw new Error('the new API key was not found');
    await recordChange(tx, creator.accountId, audited(created), null, snapshot(created));
    return created;
  });
  return { ...toApiKey(row), secret };
};

/** The audit trail's view of a key: its name, prefix and permissions (never the secret). */
const audited = (row: ApiKeyRow) => ({ type: 'api_key' as const, id: row.id, label: row.name });
const snapshot = (row: ApiKeyRow) => fieldsSnapshot({ name: row.name, prefix: row.prefix, permissions: row.scopes });

/** Revokes a key: it is refused from the next request on. Revoking a revoked key changes nothing. */
export const revokeKey = async (db: Db, revoker: UserPrincipal, id: string, at: Date) => {
  await db.transaction(async (tx) => {
    if (await revokeApiKey(tx, revoker.accountId, id, revoker.userId, at)) {
      const row = await findApiKey(tx, revoker.accountId, id);
      if (row) await recordChange(tx, revoker.accountId, audited(row), null, null, 'revoked');
      return;
    }
    if (!(await findApiKey(tx, revoker.accountId, id))) throw notFound('This API key does not exist.');
  });
};
