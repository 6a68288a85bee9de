import { baseUrl } from '../../config.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { UserPrincipal } from '../../http/access.ts';
import { invalid } from '../../http/app-error.ts';
import type { AppContext } from '../../http/types.ts';
import { emailInUse } from '../accounts/organization.repository.ts';
import { emailChangedMail, emailResetMail, passwordResetMail } from './auth-mails.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertAcceptablePassword } from './password-rules.ts';
import { issueSession } from './session.service.ts';
import { canSignIn } from './sign-in-rule.ts';
import { consumeAuthToken, replaceAuthToken, revokeUserRefreshTokens } from './tokens.repository.ts';
import { expiresIn, hashToken, newToken, TOKEN_TTL_S } from './tokens.ts';
import { findUserByEmail, findUserById, updateEmail, updatePasswordHash } from './users.repository.ts';

const invalidToken = () => invalid('token', 'Invalid or expired token.', 'invalid_token');
const emailTaken = () => invalid('new_email', 'This email address is already in use.', 'unique');
const wrongPassword = () => invalid('current_password', 'Your current password is incorrect.', 'wrong_password');

const mailLink = async (
  ctx: AppContext,
  email: string,
  kind: 'password_reset' | 'email_reset',
  build: (to: string, link: string) => Parameters<AppContext['mailer']['send']>[0],
  path: string,
) => {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !canSignIn(user)) return;
  const { token, hash } = newToken();
  await ctx.db.transaction((tx) =>
    replaceAuthToken(tx, {
      kind,
      tokenHash: hash,
      accountId: user.accountId,
      userId: user.id,
      expiresAt: expiresIn(TOKEN_TTL_S[kind]),
    }),
  );
  await ctx.mailer.send(build(user.email, `${baseUrl(ctx.config, user.subdomain)}${path}?token=${token}`));
};

/** Same answer whether or not the email is known. */
export const requestPasswordReset = (ctx: AppContext, email: string) =>
  mailLink(ctx, email, 'password_reset', passwordResetMail, '/auth/reset-password');

export const requestEmailReset = (ctx: AppContext, email: string) =>
  mailLink(ctx, email, 'email_reset', emailResetMail, '/auth/reset-email');

/** A rejected new password rolls the transaction back, so the token stays usable. */
export const confirmPasswordReset = async (ctx: AppContext, token: string, newPassword: string) => {
  assertAcceptablePassword(newPassword, '', 'new_password');
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, hashToken(token), 'password_reset');
    const user = used?.userId ? await findUserById(tx, used.userId) : null;
    if (!user) throw invalidToken();
    assertAcceptablePassword(newPassword, user.email, 'new_password');
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeUserRefreshTokens(tx, user.id);
  });
};

/** Changes the password, ends every other session and returns a new one for this browser. */
export const setPassword = async (ctx: AppContext, principal: UserPrincipal, current: string, newPassword: string) => {
  const user = await findUserById(ctx.db, principal.userId);
  if (!user || !(await verifyPassword(user.passwordHash, current))) throw wrongPassword();
  assertAcceptablePassword(newPassword, user.email, 'new_password');
  const passwordHash = await hashPassword(newPassword);
  return ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeUserRefreshTokens(tx, user.id);
    return issueSession(ctx, tx, { userId: user.id, accountId: user.accountId });
  });
};

const changeEmail = async (ctx: AppContext, run: () => Promise<{ oldEmail: string; newEmail: string }>) => {
  let changed: { oldEmail: string; newEmail: string };
  try {
    changed = await run();
  } catch (error) {
    if (uniqueViolation(error) !== null) throw emailTaken();
    throw error;
  }
  await ctx.mailer.send(emailChangedMail(changed.oldEmail, changed.newEmail));
};

export const confirmEmailReset = (ctx: AppContext, token: string, newEmail: string) =>
  changeEmail(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const used = await consumeAuthToken(tx, hashToken(token), 'email_reset');
      const user = used?.userId ? await findUserById(tx, used.userId) : null;
      if (!user) throw invalidToken();
      if (await emailInUse(tx, newEmail)) throw emailTaken();
      await updateEmail(tx, user.id, newEmail);
      return { oldEmail: user.email, newEmail };
    }),
  );

export const setEmail = async (ctx: AppContext, principal: UserPrincipal, current: string, newEmail: string) => {
  const user = await findUserById(ctx.db, principal.userId);
  if (!user || !(await verifyPassword(user.passwordHash, current))) throw wrongPassword();
  if (newEmail === user.email) return;
  await changeEmail(ctx, () =>
    ctx.db.transaction(async (tx) => {
      if (await emailInUse(tx, newEmail)) throw emailTaken();
      await updateEmail(tx, user.id, newEmail);
      return { oldEmail: user.email, newEmail };
    }),
  );
};
