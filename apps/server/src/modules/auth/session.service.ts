import type { loginInput } from '@excursio/contract/auth';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError, invalid } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { accountIdBySubdomain } from '../accounts/organization.repository.ts';
import { principalOfToken } from './authenticate.ts';
import { burnPasswordCheck, verifyPassword } from './password.ts';
import { loadPrincipal } from './principal.repository.ts';
import { decideRefresh } from './refresh-rules.ts';
import { canSignIn } from './sign-in-rule.ts';
import {
  consumeAuthToken,
  findRefreshToken,
  insertRefreshToken,
  markRefreshRotated,
  replaceAuthToken,
  revokeRefreshFamily,
} from './tokens.repository.ts';
import { expiresIn, hashToken, newToken, TOKEN_TTL_S } from './tokens.ts';
import { findUserByEmail, findUserById, touchLastLogin } from './users.repository.ts';

export type Session = { access: string; refresh: string };

export const INVALID_CREDENTIALS = 'No active account found with the given credentials.';
const invalidCredentials = () => new AppError(401, [{ code: 'no_active_account', detail: INVALID_CREDENTIALS, attr: null }]);
export const tokenNotValid = (detail = 'Token is invalid or expired.') =>
  new AppError(401, [{ code: 'token_not_valid', detail, attr: null }]);

/** A new refresh family (or a new member of `familyId`) plus an access token. */
export const issueSession = async (
  ctx: AppContext,
  db: Executor,
  who: { userId: string; accountId: string },
  familyId: string = uuidv7(),
  id?: string,
): Promise<Session> => {
  const { token, hash } = newToken();
  await insertRefreshToken(db, {
    ...(id ? { id } : {}),
    userId: who.userId,
    familyId,
    tokenHash: hash,
    expiresAt: expiresIn(ctx.config.REFRESH_TOKEN_TTL_S),
  });
  return { access: await ctx.jwt.signAccess({ sub: who.userId, acc: who.accountId }), refresh: token };
};

export type LoginOutcome = { subdomain: string; session: Session | null; handoverCode: string | null };

/**
 * Wrong password, unknown email, inactive user and deactivated member all fail alike (same body,
 * an argon2 verification in every case). A session is issued directly when the request is on the
 * user's own host (cookies) or comes from an API client; otherwise a 60-second handover code.
 */
export const login = async (
  ctx: AppContext,
  input: z.infer<typeof loginInput>,
  where: { subdomain: string | null; apiClient: boolean; ip: string },
): Promise<LoginOutcome> => {
  await ctx.signInGuard.check(input.email, where.ip);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    await ctx.signInGuard.failed(input.email, where.ip);
    throw invalidCredentials();
  }
  const ok = await verifyPassword(user.passwordHash, input.password);
  if (!ok || !canSignIn(user)) {
    await ctx.signInGuard.failed(input.email, where.ip);
    throw invalidCredentials();
  }
  await ctx.signInGuard.succeeded(input.email);
  await touchLastLogin(ctx.db, user.id);
  const who = { userId: user.id, accountId: user.accountId };
  if (where.apiClient || where.subdomain === user.subdomain) {
    return { subdomain: user.subdomain, session: await issueSession(ctx, ctx.db, who), handoverCode: null };
  }
  const { token, hash } = newToken();
  await ctx.db.transaction((tx) =>
    replaceAuthToken(tx, { kind: 'handover', tokenHash: hash, ...who, expiresAt: expiresIn(TOKEN_TTL_S.handover) }),
  );
  return { subdomain: user.subdomain, session: null, handoverCode: token };
};

/** Trades a handover code for a session; only on the host of the code's own organization. */
export const exchangeHandover = async (ctx: AppContext, code: string, subdomain: string | null) => {
  const accountId = subdomain ? await accountIdBySubdomain(ctx.db, subdomain) : null;
  if (!subdomain || !accountId) throw invalid('code', 'Open this link on your organization address.', 'wrong_host');
  const used = await consumeAuthToken(ctx.db, hashToken(code), 'handover', accountId);
  if (!used?.userId) throw invalid('code', 'Invalid or expired token.', 'invalid_token');
  const principal = await loadPrincipal(ctx.db, used.userId, accountId);
  if (!principal) throw invalid('code', 'Invalid or expired token.', 'invalid_token');
  return { subdomain, session: await issueSession(ctx, ctx.db, { userId: used.userId, accountId }) };
};

/**
 * Rotation with reuse detection (architecture §5). The rotation itself is one conditional UPDATE;
 * the loser of a race re-reads the row and lands in the grace branch.
 */
export const refreshSession = async (ctx: AppContext, presented: string): Promise<Session> => {
  const hash = hashToken(presented);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findRefreshToken(ctx.db, hash);
    const decision = decideRefresh(row, new Date(), ctx.config.REFRESH_GRACE_S);
    if (!row || decision === 'invalid') throw tokenNotValid();
    if (decision === 'reuse') {
      await revokeRefreshFamily(ctx.db, row.familyId);
      throw tokenNotValid();
    }
    const user = await findUserById(ctx.db, row.userId);
    if (!user || !canSignIn(user)) {
      await revokeRefreshFamily(ctx.db, row.familyId);
      throw tokenNotValid();
    }
    const who = { userId: user.id, accountId: user.accountId };
    if (decision === 'grace') return issueSession(ctx, ctx.db, who, row.familyId);
    const successorId = uuidv7();
    const session = await ctx.db.transaction(async (tx) => {
      if (!(await markRefreshRotated(tx, row.id, successorId))) return null;
      return issueSession(ctx, tx, who, row.familyId, successorId);
    });
    if (session) return session;
  }
  throw tokenNotValid();
};

/** Revokes the presented token's family; unknown tokens are ignored (logout always succeeds). */
export const logout = async (ctx: AppContext, presented: string | null) => {
  if (!presented) return;
  const row = await findRefreshToken(ctx.db, hashToken(presented));
  if (row) await revokeRefreshFamily(ctx.db, row.familyId);
};

export const verifyAccessToken = async (ctx: AppContext, token: string | null) => {
  if (!(await principalOfToken(ctx.db, ctx.jwt, token))) throw tokenNotValid();
};
