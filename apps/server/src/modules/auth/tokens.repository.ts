import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type AuthTokenKind, authTokens, refreshTokens } from '../../db/schema/users.ts';

export type NewAuthToken = {
  kind: AuthTokenKind;
  tokenHash: string;
  accountId: string;
  userId: string;
  data?: Record<string, string>;
  expiresAt: Date;
};

/** Stores a new single-use token; the user's older unused tokens of the kind stop working. */
export const replaceAuthToken = async (tx: Executor, token: NewAuthToken) => {
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, token.userId), eq(authTokens.kind, token.kind), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({ ...token, data: token.data ?? {} });
};

/**
 * Uses a token up in one conditional UPDATE: of two parallel consumers only one gets the row.
 * `accountId` narrows the match (a handover code or an invitation only works on its own
 * organization's host). User tokens carry `userId`; invitations carry the member in `subjectId`.
 */
export const consumeAuthToken = async (db: Executor, tokenHash: string, kind: AuthTokenKind, accountId?: string) => {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
        accountId ? eq(authTokens.accountId, accountId) : undefined,
      ),
    )
    .returning({ userId: authTokens.userId, accountId: authTokens.accountId, subjectId: authTokens.subjectId });
  return row ?? null;
};

export type RefreshRow = {
  id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
};

const refreshColumns = {
  id: refreshTokens.id,
  userId: refreshTokens.userId,
  familyId: refreshTokens.familyId,
  expiresAt: refreshTokens.expiresAt,
  rotatedAt: refreshTokens.rotatedAt,
  revokedAt: refreshTokens.revokedAt,
};

export const insertRefreshToken = async (
  db: Executor,
  token: { id?: string; userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) => {
  await db.insert(refreshTokens).values(token);
};

export const findRefreshToken = async (db: Executor, tokenHash: string): Promise<RefreshRow | null> =>
  (await db.select(refreshColumns).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0] ?? null;

/** Marks a live token rotated, naming its successor. Null when someone else rotated it first. */
export const markRefreshRotated = async (db: Executor, id: string, successorId: string) =>
  (
    await db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()`, replacedBy: successorId })
      .where(
        and(
          eq(refreshTokens.id, id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: refreshTokens.id })
  )[0] ?? null;

export const revokeRefreshFamily = async (db: Executor, familyId: string) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
};

export const revokeUserRefreshTokens = async (db: Executor, userId: string) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
};

/** The user a token of this kind was issued to once it has been used (null for a token never issued or still unused). */
export const usedAuthTokenUser = async (db: Executor, tokenHash: string, kind: AuthTokenKind) => {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind), isNotNull(authTokens.usedAt)));
  return row?.userId ?? null;
};
